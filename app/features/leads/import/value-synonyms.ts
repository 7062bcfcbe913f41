/**
 * How people and list providers write the values of our enumerations (issue 24), in one place: the
 * import's value mapping suggests these targets for the values it finds in a file, and the admin can
 * change any of them. Compared without case, spaces or punctuation ("Cold-Calling" is "cold calling").
 * The vocabularies are those of the common list providers (PropStream, BatchLeads, DealMachine, REISift)
 * and of spreadsheets people keep by hand. Pure data and functions: the browser imports it too.
 */
import {
  leadSources,
  leadStatuses,
  motivationLevels,
  propertyTypes,
  type LeadSource,
  type LeadStatus,
  type MotivationLevel,
  type Option,
  type PropertyType,
} from "~/db/enums";
import { bestMatch, vocabulary, type Match, type Vocabulary } from "./matching";

/** The lead fields whose values come from an enumeration, and which the import maps value by value. */
export const enumFields = [
  { value: "leadSource", label: "Lead source", options: leadSources },
  { value: "motivationLevel", label: "Motivation", options: motivationLevels },
  { value: "propertyType", label: "Property type", options: propertyTypes },
  { value: "leadStatus", label: "Status", options: leadStatuses },
] as const satisfies readonly (Option & { options: readonly Option[] })[];
export type EnumField = (typeof enumFields)[number]["value"];

/** A text as the synonym table compares it: lower case letters and digits only. */
export const valueKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

const leadSourceWords: Record<LeadSource, string[]> = {
  cold_call: [
    "cold calling",
    "cold calls",
    "cold caller",
    "calling",
    "calls",
    "call",
    "phone",
    "phone call",
    "phone calls",
    "outbound call",
    "outbound calls",
    "outbound calling",
    "dialer",
    "power dialer",
    "auto dialer",
    "warm calling",
    "telemarketing",
    "cc",
  ],
  direct_mail: [
    "mail",
    "mailer",
    "mailers",
    "mailing",
    "postcard",
    "postcards",
    "yellow letter",
    "yellow letters",
    "letter",
    "letters",
    "dm",
    "direct mailing",
    "handwritten letter",
    "handwritten letters",
    "neighbor letter",
  ],
  referral: [
    "referrals",
    "referred",
    "word of mouth",
    "agent referral",
    "realtor referral",
    "wholesaler",
    "wholesalers",
    "jv",
    "joint venture",
    "bird dog",
    "bird dogs",
    "birddog",
    "past client",
  ],
  networking: [
    "network",
    "reia",
    "reia meeting",
    "meetup",
    "meetups",
    "investor meetup",
    "investor network",
    "event",
    "events",
    "conference",
    "club",
  ],
  online: [
    "ppc",
    "seo",
    "web",
    "website",
    "web site",
    "web form",
    "webform",
    "internet",
    "inbound web",
    "landing page",
    "google",
    "google ads",
    "google ppc",
    "adwords",
    "bing",
    "bing ads",
    "facebook",
    "facebook ads",
    "fb",
    "fb ads",
    "instagram",
    "social",
    "social media",
    "craigslist",
    "zillow",
    "youtube",
    "tiktok",
    "online ads",
    "online ad",
    "digital",
    "email campaign",
    "email marketing",
    "email",
    "nextdoor",
    "lead gen website",
    "motivated sellers website",
  ],
  drive_for_dollars: [
    "driving for dollars",
    "drive for dollars",
    "drive4dollars",
    "driving 4 dollars",
    "d4d",
    "dfd",
    "driving",
    "drive by",
    "drive bys",
    "dealmachine",
    "deal machine",
  ],
  bandit_signs: [
    "bandit sign",
    "bandits",
    "signs",
    "sign",
    "yard sign",
    "yard signs",
    "road signs",
    "signage",
  ],
  other: [
    "sms",
    "text",
    "texts",
    "texting",
    "text message",
    "text messages",
    "text blast",
    "sms blast",
    "cold text",
    "cold texting",
    "rvm",
    "ringless voicemail",
    "ringless voice mail",
    "voicemail drop",
    "tv",
    "radio",
    "billboard",
    "billboards",
    "skip trace",
    "skip tracing",
    "skiptrace",
    "list",
    "purchased list",
    "propstream",
    "batchleads",
    "batch leads",
    "batchskiptracing",
    "reisift",
    "listsource",
    "list source",
    "probate list",
    "door knocking",
    "door knock",
    "doorknocking",
    "walk in",
    "misc",
    "miscellaneous",
    "unknown",
  ],
};

const motivationWords: Record<MotivationLevel, string[]> = {
  hot: [
    "high",
    "very high",
    "very motivated",
    "highly motivated",
    "extremely motivated",
    "motivated",
    "urgent",
    "asap",
    "hot lead",
    "very hot",
    "on fire",
    "a",
    "a lead",
  ],
  warm: [
    "medium",
    "moderate",
    "moderately motivated",
    "somewhat motivated",
    "somewhat",
    "lukewarm",
    "warm lead",
    "maybe",
    "mid",
    "b",
    "b lead",
  ],
  cold: [
    "low",
    "very low",
    "not motivated",
    "unmotivated",
    "not very motivated",
    "cold lead",
    "long term",
    "long term follow up",
    "nurture",
    "c",
    "c lead",
    "d",
  ],
};

const propertyTypeWords: Record<PropertyType, string[]> = {
  single_family: [
    "sfr",
    "sfh",
    "sf",
    "single family residence",
    "single family residential",
    "single family home",
    "single family house",
    "single-family dwelling",
    "single family dwelling",
    "singlefamily",
    "residential",
    "residence",
    "house",
    "home",
    "detached",
    "residential single family",
    "r1",
  ],
  multi_family: [
    "multi family",
    "multifamily",
    "mfr",
    "mfh",
    "mf",
    "multi family residence",
    "multi family residential",
    "multi family 2 4 units",
    "multi family 5 units",
    "multi family 5 plus units",
    "multi family dwelling",
    "duplex",
    "triplex",
    "quadplex",
    "fourplex",
    "4plex",
    "2 4 units",
    "5 units",
    "apartment",
    "apartments",
    "apartment building",
    "plex",
  ],
  condo: [
    "condominium",
    "condominiums",
    "condos",
    "co op",
    "coop",
    "cooperative",
    "residential condo",
    "condo unit",
  ],
  townhouse: [
    "townhome",
    "townhomes",
    "townhouses",
    "town house",
    "town home",
    "row house",
    "rowhouse",
    "rowhome",
    "attached",
  ],
  land: [
    "vacant land",
    "lot",
    "lots",
    "vacant lot",
    "residential lot",
    "raw land",
    "acreage",
    "agricultural",
    "farm",
    "farmland",
    "ranch",
    "timberland",
  ],
  commercial: [
    "retail",
    "office",
    "industrial",
    "warehouse",
    "mixed use",
    "commercial building",
    "commercial property",
    "hotel",
    "motel",
    "self storage",
    "storage",
    "business",
  ],
  other: [
    "mobile home",
    "mobile homes",
    "manufactured",
    "manufactured home",
    "manufactured housing",
    "mobile manufactured",
    "mobile manufactured home",
    "trailer",
    "timeshare",
    "unknown",
    "misc",
    "miscellaneous",
  ],
};

const leadStatusWords: Record<LeadStatus, string[]> = {
  new: [
    "new lead",
    "fresh",
    "open",
    "not contacted",
    "uncontacted",
    "untouched",
    "lead",
    "unworked",
    "no contact",
  ],
  contacted: [
    "attempted",
    "attempted contact",
    "contact made",
    "left voicemail",
    "left message",
    "follow up",
    "followup",
    "in progress",
    "working",
    "talking",
    "responded",
    "reached",
  ],
  qualified: [
    "interested",
    "qualified lead",
    "hot lead",
    "prequalified",
    "pre qualified",
    "offer made",
    "offer sent",
    "negotiating",
  ],
  appointment_set: [
    "appointment",
    "appointment scheduled",
    "appt",
    "appt set",
    "appt scheduled",
    "meeting set",
    "meeting scheduled",
    "walkthrough",
    "walk through scheduled",
  ],
  under_contract: [
    "in contract",
    "contract",
    "contract signed",
    "under agreement",
    "pending",
    "offer accepted",
    "accepted",
    "in escrow",
    "escrow",
  ],
  sold: ["closed", "closed won", "deal closed", "purchased", "bought", "won", "closed deal"],
  dead: [
    "lost",
    "closed lost",
    "not interested",
    "dnc",
    "do not call",
    "wrong number",
    "junk",
    "bad lead",
    "no longer interested",
    "disqualified",
    "unqualified",
    "listed",
    "listed with agent",
    "sold to someone else",
    "dead lead",
    "trash",
  ],
};

/** Every spelling of one field's values (their codes and labels included) by comparison key. */
function table(options: readonly Option[], words: Record<string, string[]>): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const option of options) {
    byKey.set(valueKey(option.value), option.value);
    byKey.set(valueKey(option.label), option.value);
  }
  for (const [value, spellings] of Object.entries(words)) {
    for (const spelling of spellings)
      if (!byKey.has(valueKey(spelling))) byKey.set(valueKey(spelling), value);
  }
  return byKey;
}

const wordsOf: Record<EnumField, Record<string, string[]>> = {
  leadSource: leadSourceWords,
  motivationLevel: motivationWords,
  propertyType: propertyTypeWords,
  leadStatus: leadStatusWords,
};

const tables: Record<EnumField, Map<string, string>> = {
  leadSource: table(leadSources, leadSourceWords),
  motivationLevel: table(motivationLevels, motivationWords),
  propertyType: table(propertyTypes, propertyTypeWords),
  leadStatus: table(leadStatuses, leadStatusWords),
};

/** Each field's values with every spelling we know, as the matcher compares them. */
const vocabularies = Object.fromEntries(
  enumFields.map((field) => {
    const words: Record<string, string[]> = wordsOf[field.value];
    return [
      field.value,
      vocabulary(
        field.options.map((option) => ({
          target: option.value,
          spellings: [option.value.replaceAll("_", " "), option.label, ...(words[option.value] ?? [])],
        })),
      ),
    ];
  }),
) as Record<EnumField, Vocabulary<string>[]>;

/** How a file's value maps to one of ours: the target, and how sure the match is (1: a spelling we know). */
export type ValueMatch = Match<string>;

/**
 * Our value for a value as a file writes it: a spelling we know exactly ("Cold Calling" -> cold_call),
 * else the closest match when it is a confident one ("Direct Mailer" -> direct_mail, 0.8); null when
 * nothing is close enough (the import then uses the field's default and keeps the words).
 */
export function matchValue(field: EnumField, raw: string): ValueMatch | null {
  const byKey = tables[field];
  const wanted = valueKey(raw);
  if (wanted === "") return null;
  const exact =
    byKey.get(wanted) ??
    byKey.get(wanted.replace(/leads?$/, "")) ??
    (wanted.endsWith("s") ? byKey.get(wanted.slice(0, -1)) : undefined);
  if (exact) return { target: exact, confidence: 1 };
  return bestMatch(raw, vocabularies[field]);
}

/** The target of `matchValue`, or null. */
export const suggestValue = (field: EnumField, raw: string): string | null =>
  matchValue(field, raw)?.target ?? null;

/**
 * npm run seed:demo: fills the configured database (DATABASE_URL, or the embedded one in DATA_DIR) with
 * a demo data set for trying the product: an admin, three investor clients, about forty homeowner leads
 * with their timelines and client feedback, contact messages and job applications.
 *
 * Everything goes through the same feature functions as the app (accounts, leads, feedback, submissions),
 * with the form schemas validating the inputs; only the dates are moved into the past afterwards, so the
 * lists and the dashboard look like two months of work. The content is invented and deterministic: a
 * fresh database always gets the same data (dates are relative to the day it runs).
 *
 * Idempotent: when the demo admin already exists it says so and changes nothing. With the embedded
 * database it runs while the server is stopped, like `npm run user`.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { and, count, eq, inArray, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import {
  careerApplications,
  contactSubmissions,
  leadActivities,
  leads,
  mailOutbox,
  user,
  userRoles,
} from "~/db/schema";
import { passwordSchema } from "~/features/auth/auth.schema";
import { createConfirmedUser } from "~/features/auth/user-admin.server";
import { UsageError, withDatabase } from "./with-database";
import { careerSchema } from "~/features/careers/careers.schema";
import { submitCareerApplication } from "~/features/careers/careers.server";
import { contactSchema } from "~/features/contact/contact.schema";
import { submitContactMessage } from "~/features/contact/contact.server";
import { submitFeedback } from "~/features/leads/client-leads.server";
import {
  activitySchema,
  feedbackSchema,
  leadSchema,
  leadStatuses,
  type FeedbackStatus,
  type LeadStatus,
  type ManualActivityType,
  type MotivationLevel,
  type PropertyType,
} from "~/features/leads/leads.schema";
import {
  addActivity,
  assignLead,
  createLead,
  setSoldPrice,
  updateLeadStatus,
} from "~/features/leads/leads.server";
import { setHandled } from "~/features/submissions/submissions.server";
import { env } from "~/lib/env.server";

// ---------------------------------------------------------------- accounts

export const DEMO_PASSWORD = "Demo-Leadworks-2026";
export const DEMO_ADMIN_EMAIL = "admin@demo.leadworks.test";

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
}

export const demoAdmin: DemoAccount = {
  email: DEMO_ADMIN_EMAIL,
  firstName: "Avery",
  lastName: "Collins",
  companyName: "Leadworks",
};

/** The three investor clients; leads are dealt to them in this order. */
export const demoClients: readonly DemoAccount[] = [
  {
    email: "ironbridge@demo.leadworks.test",
    firstName: "Marcus",
    lastName: "Whitfield",
    companyName: "Ironbridge Home Buyers",
  },
  {
    email: "lakeshore@demo.leadworks.test",
    firstName: "Priya",
    lastName: "Raman",
    companyName: "Lakeshore Capital Partners",
  },
  {
    email: "redoak@demo.leadworks.test",
    firstName: "Tom",
    lastName: "Kessler",
    companyName: "Red Oak Property Group",
  },
];

// ---------------------------------------------------------------- a seeded generator

/** A small deterministic generator (mulberry32): the same seed gives the same sequence. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}

export type Random = ReturnType<typeof createRandom>;

const SEED = 20260;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------- places and people (invented)

interface City {
  city: string;
  state: string;
  zips: readonly string[];
  areaCode: string;
  /** A typical value for the houses investors buy there, in dollars. */
  baseValue: number;
}

const cities: readonly City[] = [
  { city: "Dallas", state: "TX", zips: ["75216", "75217"], areaCode: "214", baseValue: 240_000 },
  { city: "Fort Worth", state: "TX", zips: ["76105", "76119"], areaCode: "817", baseValue: 210_000 },
  { city: "Houston", state: "TX", zips: ["77016", "77028"], areaCode: "713", baseValue: 200_000 },
  { city: "San Antonio", state: "TX", zips: ["78211", "78237"], areaCode: "210", baseValue: 190_000 },
  { city: "Phoenix", state: "AZ", zips: ["85009", "85035"], areaCode: "602", baseValue: 300_000 },
  { city: "Mesa", state: "AZ", zips: ["85201", "85203"], areaCode: "480", baseValue: 330_000 },
  { city: "Atlanta", state: "GA", zips: ["30310", "30315"], areaCode: "404", baseValue: 260_000 },
  { city: "Macon", state: "GA", zips: ["31204", "31206"], areaCode: "478", baseValue: 120_000 },
  { city: "Jacksonville", state: "FL", zips: ["32208", "32209"], areaCode: "904", baseValue: 210_000 },
  { city: "Tampa", state: "FL", zips: ["33604", "33610"], areaCode: "813", baseValue: 290_000 },
  { city: "Orlando", state: "FL", zips: ["32805", "32808"], areaCode: "407", baseValue: 280_000 },
  { city: "Charlotte", state: "NC", zips: ["28208", "28216"], areaCode: "704", baseValue: 270_000 },
  { city: "Memphis", state: "TN", zips: ["38109", "38127"], areaCode: "901", baseValue: 120_000 },
  { city: "Nashville", state: "TN", zips: ["37207", "37208"], areaCode: "615", baseValue: 320_000 },
  { city: "Birmingham", state: "AL", zips: ["35208", "35211"], areaCode: "205", baseValue: 110_000 },
  { city: "Indianapolis", state: "IN", zips: ["46201", "46218"], areaCode: "317", baseValue: 150_000 },
  { city: "Columbus", state: "OH", zips: ["43205", "43207"], areaCode: "614", baseValue: 170_000 },
  { city: "Cleveland", state: "OH", zips: ["44102", "44105"], areaCode: "216", baseValue: 95_000 },
  { city: "Detroit", state: "MI", zips: ["48219", "48227"], areaCode: "313", baseValue: 90_000 },
  { city: "Kansas City", state: "MO", zips: ["64128", "64130"], areaCode: "816", baseValue: 160_000 },
  { city: "St. Louis", state: "MO", zips: ["63115", "63118"], areaCode: "314", baseValue: 110_000 },
  { city: "Baltimore", state: "MD", zips: ["21215", "21218"], areaCode: "410", baseValue: 150_000 },
  { city: "Philadelphia", state: "PA", zips: ["19124", "19134"], areaCode: "215", baseValue: 180_000 },
  { city: "Las Vegas", state: "NV", zips: ["89101", "89110"], areaCode: "702", baseValue: 310_000 },
  { city: "Sacramento", state: "CA", zips: ["95820", "95823"], areaCode: "916", baseValue: 360_000 },
  { city: "Denver", state: "CO", zips: ["80204", "80219"], areaCode: "303", baseValue: 420_000 },
];

// prettier-ignore
const firstNames = [
  "James", "Linda", "Robert", "Patricia", "Michael", "Barbara", "William", "Dorothy", "David", "Carol",
  "Richard", "Sandra", "Charles", "Donna", "Joseph", "Deborah", "Thomas", "Sharon", "Kevin", "Brenda",
  "Anthony", "Pamela", "Luis", "Maria", "Darnell", "Keisha", "Hector", "Rosa", "Tyrone", "Angela",
  "Gary", "Denise", "Raymond", "Gloria", "Wayne", "Teresa", "Curtis", "Yolanda", "Dale", "Shirley",
] as const;

// prettier-ignore
const lastNames = [
  "Hargrove", "Delgado", "Whitaker", "Okafor", "Brennan", "Castillo", "Pruitt", "Nguyen", "McAllister",
  "Washington", "Romero", "Kowalski", "Jefferson", "Tran", "Gallagher", "Benson", "Fitzgerald", "Alvarez",
  "Holloway", "Simmons", "Duarte", "Patterson", "Lindqvist", "Gaines", "Moreno", "Sutton", "Ferreira",
  "Crawford", "Yates", "Ramirez", "Haskins", "Boyd", "Estrada", "Caldwell", "Pierce", "Odom", "Vasquez",
  "Mercer", "Landry", "Tillman",
] as const;

// prettier-ignore
const streets = [
  "Maple Ave", "Oak St", "Cedar Ln", "Elm St", "Washington Ave", "Lincoln St", "Park Ave", "Highland Dr",
  "Lakeview Dr", "Magnolia St", "Dogwood Ln", "Willow Creek Dr", "Hillcrest Rd", "Ridge Rd", "Church St",
  "Jefferson St", "Franklin Ave", "Mulberry St", "Briarwood Dr", "Pecan St", "Cypress Ave", "Sycamore Dr",
  "Fairview Ave", "Garfield St", "Prospect Ave", "Walnut St",
] as const;

/** Lead sources, weighted the way an acquisitions team usually finds sellers. */
// prettier-ignore
const sources = [
  "cold_call", "cold_call", "cold_call", "cold_call", "direct_mail", "direct_mail", "direct_mail",
  "drive_for_dollars", "drive_for_dollars", "online", "online", "referral", "bandit_signs", "networking",
  "other",
] as const;

const valueFactor: Record<PropertyType, number> = {
  single_family: 1,
  multi_family: 1.6,
  condo: 0.7,
  townhouse: 0.85,
  land: 0.35,
  commercial: 2.8,
  other: 0.45,
};

// ---------------------------------------------------------------- the leads' stories

/** How far a lead got: its status at the end and whether a client has it. */
export type Story =
  | "new"
  | "qualified"
  | "dead"
  | "assigned_new"
  | "assigned_qualified"
  | "contacted"
  | "reassigned"
  | "appointment"
  | "under_contract"
  | "sold"
  | "assigned_dead";

const unassignedStories: readonly Story[] = ["new", "qualified", "dead"];

interface Situation {
  propertyType: PropertyType;
  motivation: MotivationLevel;
  story: Story;
  notes: string;
  source?: (typeof sources)[number];
}

/** One per lead, oldest first: the seller's situation and how far the lead got. */
const situations: readonly Situation[] = [
  {
    propertyType: "single_family",
    motivation: "hot",
    story: "sold",
    notes:
      "Inherited the house from a parent last year and lives in Oregon, too far to manage repairs. Wants a cash buyer and a closing within 30 days.",
  },
  {
    propertyType: "single_family",
    motivation: "warm",
    story: "assigned_dead",
    notes:
      "Weighing a sale against renting the house out. Kitchen and baths are original; the roof was replaced in 2019.",
  },
  {
    propertyType: "single_family",
    motivation: "cold",
    story: "dead",
    notes:
      "Called back from a mailer, but the house is in a sibling's name and the sibling has not returned calls.",
    source: "direct_mail",
  },
  {
    propertyType: "multi_family",
    motivation: "hot",
    story: "under_contract",
    notes:
      "Duplex, one side vacant since spring; the tenant in the other unit pays on time. Owner is retiring and done being a landlord.",
  },
  {
    propertyType: "single_family",
    motivation: "hot",
    story: "sold",
    notes:
      "Two mortgage payments behind after a job loss and wants to sell before the lender files. The HVAC needs replacing.",
  },
  {
    propertyType: "townhouse",
    motivation: "warm",
    story: "qualified",
    notes:
      "Rented the townhome out for eight years. The current lease ends next month and the owner would rather sell it vacant.",
  },
  {
    propertyType: "single_family",
    motivation: "hot",
    story: "appointment",
    notes:
      "Foundation crack along the back wall; a contractor quoted about $18,000. The seller does not want to take on the repair.",
  },
  {
    propertyType: "condo",
    motivation: "cold",
    story: "assigned_dead",
    notes:
      "A special assessment for the building's roof is coming. Wants to hear a number but is not committed to selling.",
  },
  {
    propertyType: "land",
    motivation: "warm",
    story: "reassigned",
    notes:
      "Half-acre lot bought for a build that never happened. Pays taxes on it every year with no plans to use it.",
  },
  {
    propertyType: "single_family",
    motivation: "hot",
    story: "under_contract",
    notes: "Vacant for two years after a kitchen fire. The city has sent two code violation notices.",
    source: "drive_for_dollars",
  },
  {
    propertyType: "single_family",
    motivation: "cold",
    story: "new",
    notes: "Mostly curious what the house is worth; might sell next year if the number is right.",
  },
  {
    propertyType: "single_family",
    motivation: "hot",
    story: "sold",
    notes:
      "Divorce: both owners agree to sell and want a simple process without showings. Light cosmetic work needed.",
  },
  {
    propertyType: "multi_family",
    motivation: "warm",
    story: "appointment",
    notes:
      "Fourplex with long-term tenants and rents below market. The owner wants to cash out and move closer to family.",
  },
  {
    propertyType: "single_family",
    motivation: "warm",
    story: "dead",
    notes:
      "Listed twice with an agent without an offer; the price expectation was well above the neighborhood's recent sales.",
  },
  {
    propertyType: "single_family",
    motivation: "hot",
    story: "contacted",
    notes: "Two years behind on property taxes; the county has mentioned a tax sale date.",
  },
  {
    propertyType: "single_family",
    motivation: "warm",
    story: "under_contract",
    notes: "Estate in probate. The executor, a nephew, expects the letters testamentary in about four weeks.",
    source: "referral",
  },
  {
    propertyType: "condo",
    motivation: "warm",
    story: "qualified",
    notes:
      "Second-floor condo; the HOA dues went up twice this year. The owner is moving in with a partner across town.",
  },
  {
    propertyType: "commercial",
    motivation: "cold",
    story: "assigned_dead",
    notes:
      "Small retail strip with two of four bays leased. The owner is thinking about retiring from managing it, in no hurry.",
    source: "networking",
  },
  {
    propertyType: "single_family",
    motivation: "hot",
    story: "appointment",
    notes:
      "The water heater leaked into the subfloor and the insurance claim was denied. Wants to sell as-is.",
  },
  {
    propertyType: "single_family",
    motivation: "warm",
    story: "contacted",
    notes:
      "Relocating out of state for work in about six weeks. Open to a cash offer if the closing date is flexible.",
  },
  {
    propertyType: "other",
    motivation: "warm",
    story: "new",
    notes:
      "Manufactured home on an owned lot. The owner moved into assisted living and the family is handling the sale.",
  },
  {
    propertyType: "single_family",
    motivation: "hot",
    story: "contacted",
    notes:
      "Hoarding situation: the house is full of belongings and the family wants the buyer to handle the clean-out.",
  },
  {
    propertyType: "townhouse",
    motivation: "warm",
    story: "assigned_qualified",
    notes:
      "End-unit townhouse, tenant-occupied through the summer. The owner has three other rentals and wants to simplify.",
  },
  {
    propertyType: "single_family",
    motivation: "cold",
    story: "assigned_dead",
    notes: "Expects full retail for a house that needs a roof, windows and a new electrical panel.",
  },
  {
    propertyType: "single_family",
    motivation: "hot",
    story: "qualified",
    notes:
      "The owner is 82 and moving in with family. The sale has to cover assisted-living costs, so timing matters.",
  },
  {
    propertyType: "single_family",
    motivation: "warm",
    story: "appointment",
    notes:
      "Bought as a flip in 2022 and ran out of budget halfway. Drywall is up; the kitchen and flooring are not done.",
  },
  {
    propertyType: "multi_family",
    motivation: "warm",
    story: "contacted",
    notes:
      "Triplex with deferred maintenance: porch, gutters, and one unit needs a full turn. The owner lives out of state.",
  },
  {
    propertyType: "single_family",
    motivation: "warm",
    story: "new",
    notes:
      "Called from a bandit sign. Says the house needs a little of everything and wants to see an offer first.",
    source: "bandit_signs",
  },
  {
    propertyType: "single_family",
    motivation: "hot",
    story: "assigned_qualified",
    notes: "Foreclosure auction in about seven weeks; reinstating the loan is not an option.",
  },
  {
    propertyType: "single_family",
    motivation: "warm",
    story: "appointment",
    notes: "Empty nesters downsizing. The house is in fair condition; carpets and paint are tired.",
  },
  {
    propertyType: "land",
    motivation: "cold",
    story: "qualified",
    notes: "Three acres of inherited land outside of town; the siblings want to split the proceeds.",
  },
  {
    propertyType: "condo",
    motivation: "warm",
    story: "contacted",
    notes:
      "Ground-floor condo with original 1990s finishes. The owner took a job overseas and leaves in two months.",
    source: "online",
  },
  {
    propertyType: "single_family",
    motivation: "hot",
    story: "assigned_new",
    notes:
      "The tenant moved out and left major damage: holes in the walls, broken windows, ruined carpet. The owner is done.",
  },
  { propertyType: "single_family", motivation: "warm", story: "new", notes: "" },
  { propertyType: "townhouse", motivation: "cold", story: "new", notes: "" },
  {
    propertyType: "single_family",
    motivation: "warm",
    story: "assigned_qualified",
    notes:
      "The owner works out of town most of the year; the house has been vacant since last fall and insurance keeps going up.",
  },
  {
    propertyType: "multi_family",
    motivation: "hot",
    story: "assigned_new",
    notes: "Duplex with both units vacant; code enforcement flagged the stairs and railings.",
  },
  {
    propertyType: "single_family",
    motivation: "hot",
    story: "new",
    notes:
      "Came in through the website form. Recently widowed and wants to move near a son in another state.",
    source: "online",
  },
  { propertyType: "single_family", motivation: "warm", story: "assigned_new", notes: "" },
  { propertyType: "condo", motivation: "warm", story: "new", notes: "" },
];

// ---------------------------------------------------------------- what happens to a lead

export type Step =
  | { do: "status"; to: LeadStatus }
  | { do: "assign"; client: number }
  | { do: "activity"; type: ManualActivityType; text: string }
  | { do: "feedback"; status: Exclude<FeedbackStatus, "not_reviewed">; notes: string }
  | { do: "sold"; price: number };

const qualifyCalls = [
  "Spoke with {first}. Confirmed ownership, no liens besides the mortgage; wants to close within {weeks} weeks.",
  "Reached {first} on the second try. Walked through the condition room by room; open to an as-is cash offer.",
  "Call with {first}: owns it outright, the property is vacant, and a lockbox can be arranged for walkthroughs.",
  "{first} confirmed the timeline and the price range, and is the only decision maker.",
  "Talked with {first} for twenty minutes. Motivated and realistic about price; prefers texts for follow-ups.",
];

const firstTries = [
  "First call: no answer, left a voicemail and sent a text.",
  "Called {first}; asked to be called back after 5 PM.",
  "Mailed a follow-up letter after two unanswered calls.",
];

const deadReasons = [
  "{first} decided to list with a retail agent instead.",
  "Number disconnected; a skip trace found no other contact for {first}.",
  "{first} refinanced and is keeping the property.",
  "The family is moving a relative into the house; {first} is not selling after all.",
];

const interestedNotes = [
  "Numbers look workable. Could we get photos of the roof and the basement?",
  "Fits our buy box. Running comps now.",
  "Interested. Can we get access this week?",
  "",
];

const contactedNotes = [
  "Called {first} on {past}, good conversation. Sending an offer range tomorrow.",
  "Texted, then spoke with {first}. A walkthrough is being arranged.",
  "Reached {first}, who wants a few days to talk it over with family.",
];

const notInterestedNotes = [
  "The ARV does not support the repair budget at this price.",
  "Outside the neighborhoods we buy in right now.",
  "The seller's price is too close to retail for us.",
];

const closedNotes = [
  "Closed at {price}. Thanks for the lead!",
  "Closed on schedule; title was clean. Send more like this one.",
];

const meetingTimes = ["9:30 AM", "10:00 AM", "11:30 AM", "1:00 PM", "2:30 PM", "4:00 PM"];

export const formatDollars = (n: number) => `$${n.toLocaleString("en-US")}`;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);

function storySteps(
  story: Story,
  random: Random,
  context: { first: string; client: number; otherClient: number; price: number },
): Step[] {
  const t = (text: string) =>
    fill(text, {
      first: context.first,
      client: demoClients[context.client]!.companyName,
      weeks: String(random.int(3, 8)),
      price: formatDollars(context.price),
      time: random.pick(meetingTimes),
    });
  const qualify: Step[] = [
    { do: "activity", type: "call_logged", text: t(random.pick(qualifyCalls)) },
    { do: "status", to: "qualified" },
  ];
  const interested: Step = { do: "feedback", status: "interested", notes: t(random.pick(interestedNotes)) };
  // {day} and {past} stay in the text: they become weekdays around the step's date when it runs.
  const contacted: Step[] = [
    interested,
    { do: "feedback", status: "contacted", notes: t(random.pick(contactedNotes)) },
    { do: "status", to: "contacted" },
  ];
  const appointment: Step[] = [
    {
      do: "activity",
      type: "meeting_scheduled",
      text: t("Walkthrough with {client} set for {day} at {time}."),
    },
    { do: "status", to: "appointment_set" },
  ];
  const underContract: Step[] = [
    {
      do: "activity",
      type: "meeting_completed",
      text: t("Walkthrough done with {client}; the condition matches the notes. Offer presented at {price}."),
    },
    { do: "status", to: "under_contract" },
    {
      do: "activity",
      type: "note_added",
      text: t("Purchase agreement signed at {price}. Title is opened; closing targeted in {weeks} weeks."),
    },
  ];
  const assign: Step = { do: "assign", client: context.client };

  switch (story) {
    case "new":
      return random.chance(0.5)
        ? [{ do: "activity", type: "call_logged", text: t(random.pick(firstTries)) }]
        : [];
    case "qualified":
      return qualify;
    case "dead":
      return [
        { do: "activity", type: "call_logged", text: t(random.pick(deadReasons)) },
        { do: "status", to: "dead" },
      ];
    case "assigned_new":
      return [assign];
    case "assigned_qualified":
      return random.chance(0.5) ? [...qualify, assign, interested] : [...qualify, assign];
    case "contacted":
      return [
        ...qualify,
        assign,
        ...contacted,
        {
          do: "activity",
          type: "email_sent",
          text: t("Sent {first} a summary of what {client} buys and how."),
        },
      ];
    case "reassigned":
      return [
        ...qualify,
        { do: "assign", client: context.otherClient },
        { do: "feedback", status: "not_interested", notes: "We don't buy land right now, sorry." },
        { do: "activity", type: "note_added", text: t("Moving this one to {client}, who buys lots.") },
        assign,
        ...contacted,
      ];
    case "appointment":
      return [...qualify, assign, ...contacted, ...appointment];
    case "under_contract":
      return [...qualify, assign, ...contacted, ...appointment, ...underContract];
    case "sold":
      return [
        ...qualify,
        assign,
        ...contacted,
        ...appointment,
        ...underContract,
        { do: "status", to: "sold" },
        { do: "sold", price: context.price },
        { do: "feedback", status: "deal_closed", notes: t(random.pick(closedNotes)) },
        {
          do: "activity",
          type: "note_added",
          text: "Closed with the title company. The seller was happy with how quickly it went.",
        },
      ];
    case "assigned_dead":
      return [
        ...qualify,
        assign,
        { do: "feedback", status: "not_interested", notes: t(random.pick(notInterestedNotes)) },
        { do: "activity", type: "note_added", text: t(random.pick(deadReasons)) },
        { do: "status", to: "dead" },
      ];
  }
}

// ---------------------------------------------------------------- the plan

/** The new-lead form as a person would fill it in (strings), minus the assignment. */
export interface LeadForm {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  propertyType: PropertyType;
  motivationLevel: MotivationLevel;
  leadSource: string;
  situationNotes: string;
  askingPrice: string;
  estimatedValue: string;
  estimatedRepairCost: string;
}

export interface LeadPlan {
  form: LeadForm;
  story: Story;
  createdAt: Date;
  steps: Step[];
  /** When each step happened: after createdAt, before now, in order. */
  stepTimes: Date[];
}

const round = (value: number, to: number) => Math.max(to, Math.round(value / to) * to);

/** A time of day in US business hours (14:00-22:00 UTC) `daysAgo` days before `now`, never later than now. */
function businessTime(now: Date, daysAgo: number, random: Random): Date {
  return inBusinessHours(new Date(now.getTime() - daysAgo * DAY), now, random);
}

/** The same day as `at` (UTC) at a random time between 14:00 and 22:00 UTC, never later than now. */
function inBusinessHours(at: Date, now: Date, random: Random): Date {
  const time =
    Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), 14) + random.int(0, 479) * 60_000;
  return new Date(Math.min(time, now.getTime() - random.int(45, 180) * 60_000));
}

/**
 * When each of `steps` steps happened: spread over 90% of the time between `createdAt` and now, in
 * business hours, strictly in order, all before now.
 */
function spreadSteps(steps: number, createdAt: Date, now: Date, random: Random): Date[] {
  const window = (now.getTime() - createdAt.getTime()) * 0.9;
  const times: Date[] = [];
  let previous = createdAt.getTime();
  for (let k = 0; k < steps; k++) {
    const even = new Date(createdAt.getTime() + Math.round((window * (k + 1)) / (steps + 1)));
    let at = inBusinessHours(even, now, random).getTime();
    if (at <= previous) at = previous + random.int(5, 40) * 60_000;
    // Leave room for the remaining steps before now.
    at = Math.min(at, now.getTime() - (steps - k) * 60_000);
    times.push(new Date(at));
    previous = at;
  }
  return times;
}

/** Every lead with its form, story, steps and dates; pure and deterministic for a given `now`. */
export function planLeads(now: Date): LeadPlan[] {
  const random = createRandom(SEED);
  const firsts = random.shuffle(firstNames);
  const lasts = random.shuffle(lastNames);
  let assignedCount = 0;
  return situations.map((situation, i) => {
    const first = firsts[i % firsts.length]!;
    const last = lasts[i % lasts.length]!;
    const place = random.pick(cities);
    const street = random.pick(streets);
    const number = random.int(100, 9899);
    const address =
      situation.propertyType === "condo"
        ? `${number} ${street}, Unit ${random.int(1, 4)}${random.pick(["A", "B", "C"])}`
        : situation.propertyType === "land"
          ? `${number} ${street} (vacant lot)`
          : situation.propertyType === "commercial"
            ? `${number} ${street}, Suites A-D`
            : `${number} ${street}`;
    const value = round(
      place.baseValue * valueFactor[situation.propertyType] * (0.75 + random.next() * 0.5),
      1000,
    );
    const repair =
      situation.propertyType === "land" || !random.chance(0.7)
        ? null
        : round(value * (0.04 + random.next() * 0.22), 500);
    const asking = random.chance(0.6) ? round(value * (0.72 + random.next() * 0.3), 1000) : null;
    const dealPrice = round(Math.min(asking ?? Infinity, value * (0.66 + random.next() * 0.1)), 1000);
    const email = random.chance(0.45)
      ? `${first}.${last}@${random.pick(["example.com", "example.net", "example.org"])}`.toLowerCase()
      : "";

    const assigned = !unassignedStories.includes(situation.story);
    const client = assigned ? assignedCount++ % demoClients.length : 0;
    const steps = storySteps(situation.story, random, {
      first,
      client,
      otherClient: (client + 1) % demoClients.length,
      price: dealPrice,
    });

    // Oldest first: about 59 days ago down to today, in business hours.
    const createdAt = businessTime(now, Math.round(59 - (i * 59) / (situations.length - 1)), random);
    const stepTimes = spreadSteps(steps.length, createdAt, now, random);

    const form: LeadForm = {
      firstName: first,
      lastName: last,
      // The fictional 555-01xx range, one number per lead, written the way people type it.
      phone: `+1 ${place.areaCode}-555-${String(100 + i).padStart(4, "0")}`,
      email,
      address,
      city: place.city,
      state: place.state,
      zipCode: random.pick(place.zips),
      propertyType: situation.propertyType,
      motivationLevel: situation.motivation,
      leadSource: situation.source ?? random.pick(sources),
      situationNotes: situation.notes,
      askingPrice: asking === null ? "" : formatDollars(asking),
      estimatedValue: formatDollars(value),
      estimatedRepairCost: repair === null ? "" : formatDollars(repair),
    };
    return { form, story: situation.story, createdAt, steps, stepTimes };
  });
}

// ---------------------------------------------------------------- submissions (invented)

export interface ContactPlan {
  form: { name: string; email: string; company: string; subject: string; message: string };
  daysAgo: number;
  handled: boolean;
}

export const demoContacts: readonly ContactPlan[] = [
  {
    form: {
      name: "Renee Castellanos",
      email: "renee.castellanos@example.com",
      company: "Castellanos Homes LLC",
      subject: "Lead pricing for Central Florida",
      message:
        "Hi, we buy three or four houses a month around Orlando and Kissimmee and are looking for a steady source of motivated sellers. What does a monthly package look like, and can leads be limited to specific ZIP codes?",
    },
    daysAgo: 19,
    handled: true,
  },
  {
    form: {
      name: "Walt Brewer",
      email: "wbrewer@example.net",
      company: "",
      subject: "Please remove my mother's number",
      message:
        "Someone from your office called my mother about selling her house. She is not interested and would like her number removed from your list. Thank you.",
    },
    daysAgo: 16,
    handled: true,
  },
  {
    form: {
      name: "Janelle Ortiz",
      email: "janelle.ortiz@example.org",
      company: "Keystone Rental Partners",
      subject: "Exclusive territory question",
      message:
        "Do you offer exclusive leads by county? We are expanding into two new counties in western Pennsylvania and do not want to compete with other investors for the same sellers.",
    },
    daysAgo: 12,
    handled: true,
  },
  {
    form: {
      name: "Dev Patel",
      email: "dev.patel@example.com",
      company: "Northline Acquisitions",
      subject: "How do you verify leads?",
      message:
        "We tried another list provider last year and half the numbers were wrong. How do you verify phone numbers and ownership before a lead is sent, and what happens if a lead turns out to be bad?",
    },
    daysAgo: 9,
    handled: true,
  },
  {
    form: {
      name: "Carla Jennings",
      email: "carla.jennings@example.net",
      company: "",
      subject: "Referral arrangement with a title office",
      message:
        "I run closings for several investor clients in the Phoenix area. Would you be open to a referral arrangement, or to recommending us as a title partner to your clients?",
    },
    daysAgo: 6,
    handled: false,
  },
  {
    form: {
      name: "Brian Holt",
      email: "brian.holt@example.org",
      company: "Holt & Sons Renovation",
      subject: "Filtering leads by repair level",
      message:
        "We mostly do full renovations. Can we skip leads where the seller expects close to retail, or set a minimum repair estimate for what you send us?",
    },
    daysAgo: 4,
    handled: false,
  },
  {
    form: {
      name: "Monique Baptiste",
      email: "m.baptiste@example.com",
      company: "Bayou City Home Offers",
      subject: "Demo of the client portal",
      message:
        "A colleague showed me your client portal. Could we schedule a 20-minute demo next week? Tuesday or Thursday afternoon, Central time, works best for me.",
    },
    daysAgo: 2,
    handled: false,
  },
  {
    form: {
      name: "Greg Sorensen",
      email: "greg.sorensen@example.net",
      company: "",
      subject: "Copy of last month's invoice",
      message:
        "Could you send a copy of last month's invoice to our bookkeeper? Our accounting system needs the PDF with the company address on it.",
    },
    daysAgo: 0,
    handled: false,
  },
];

export interface CareerPlan {
  form: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    positionInterest: string;
    experienceLevel: string;
    coverLetter: string;
  };
  daysAgo: number;
  handled: boolean;
}

export const demoCareers: readonly CareerPlan[] = [
  {
    form: {
      firstName: "Tasha",
      lastName: "Greene",
      email: "tasha.greene@example.com",
      phone: "(404) 555-0187",
      positionInterest: "cold-calling",
      experienceLevel: "2-3",
      coverLetter:
        "For the last two years I have made outbound calls for a solar installer, about 180 dials a day. I am comfortable hearing no, I keep clean notes in the CRM, and I would like to move into real estate, where the conversation matters more to the person on the other end.",
    },
    daysAgo: 21,
    handled: true,
  },
  {
    form: {
      firstName: "Eric",
      lastName: "Lindholm",
      email: "eric.lindholm@example.net",
      phone: "",
      positionInterest: "market-research",
      experienceLevel: "4-5",
      coverLetter:
        "I am a data analyst at a regional bank, where I build reports on mortgage delinquencies by county. I would like to use those skills to find distressed properties: tax records, code violations and probate filings are exactly the kind of public data I enjoy cleaning up.",
    },
    daysAgo: 13,
    handled: true,
  },
  {
    form: {
      firstName: "Sofia",
      lastName: "Marquez",
      email: "sofia.marquez@example.org",
      phone: "+1 602 555 0164",
      positionInterest: "client-success",
      experienceLevel: "6-10",
      coverLetter:
        "For seven years I have managed accounts at a property-management software company, most recently a book of sixty landlord clients. I like helping customers get real value from what they bought and catching problems before they turn into cancellations.",
    },
    daysAgo: 7,
    handled: false,
  },
  {
    form: {
      firstName: "Darius",
      lastName: "King",
      email: "darius.king@example.com",
      phone: "(313) 555-0129",
      positionInterest: "lead-generation",
      experienceLevel: "0-1",
      coverLetter:
        "I graduated in May and spent the summer knocking on doors for a local roofing company, where I set more inspection appointments than anyone else on the team. I want to learn the real-estate side and I am happy to start with calling and list building.",
    },
    daysAgo: 1,
    handled: false,
  },
];

// ---------------------------------------------------------------- running it

class SeedError extends Error {}

let stopRequested = false;

function checkpoint() {
  if (stopRequested) throw new SeedError("Stopped.");
}

function expectOk(ok: boolean, what: string) {
  if (!ok) throw new SeedError(`Could not ${what}`);
}

/** The weekday `days` days from `at` (US Central), moved off the weekend in the same direction. */
function workday(at: Date, days: number): string {
  const name = (time: number) =>
    new Date(time).toLocaleDateString("en-US", { weekday: "long", timeZone: "America/Chicago" });
  let time = at.getTime() + days * DAY;
  while (name(time) === "Saturday" || name(time) === "Sunday") time += Math.sign(days) * DAY;
  return name(time);
}

/** {day}: a workday two days after the step (a meeting it sets up); {past}: the one before (a call it reports). */
const dated = (text: string, at: Date) => fill(text, { day: workday(at, 2), past: workday(at, -1) });

/** Gives the activities a step just wrote the step's date. */
async function dateNewActivities(db: Database, leadId: string, seen: Set<string>, at: Date) {
  const rows = await db
    .select({ id: leadActivities.id })
    .from(leadActivities)
    .where(eq(leadActivities.leadId, leadId));
  const fresh = rows.map((r) => r.id).filter((id) => !seen.has(id));
  if (fresh.length === 0) return;
  await db.update(leadActivities).set({ createdAt: at }).where(inArray(leadActivities.id, fresh));
  for (const id of fresh) seen.add(id);
}

async function seedLead(db: Database, plan: LeadPlan, adminId: string, clientIds: readonly string[]) {
  const admin = { id: adminId, isAdmin: true };
  const input = leadSchema.parse({ ...plan.form, assignedToClientId: "" });
  const { id } = await createLead(admin, input);
  const seen = new Set<string>();
  let assignee: string | null = null;
  let reviewedAt: Date | null = null;
  for (const [k, step] of plan.steps.entries()) {
    const at = plan.stepTimes[k]!;
    switch (step.do) {
      case "status":
        expectOk(await updateLeadStatus(admin, id, step.to), `set the status of lead ${id}`);
        break;
      case "assign":
        assignee = clientIds[step.client]!;
        reviewedAt = null;
        expectOk(await assignLead(admin, id, assignee), `assign lead ${id}`);
        break;
      case "activity":
        expectOk(
          await addActivity(
            admin,
            id,
            activitySchema.parse({ activityType: step.type, description: dated(step.text, at) }),
          ),
          `add an activity to lead ${id}`,
        );
        break;
      case "feedback": {
        if (!assignee) throw new SeedError(`Feedback on the unassigned lead ${id}`);
        const feedback = feedbackSchema.parse({
          feedbackStatus: step.status,
          notes: dated(step.notes, at),
        });
        expectOk(
          await submitFeedback({ id: assignee, isClient: true }, id, feedback),
          `give feedback on lead ${id}`,
        );
        reviewedAt = at;
        break;
      }
      case "sold":
        expectOk(await setSoldPrice(admin, id, step.price), `set the sold price of lead ${id}`);
        break;
    }
    await dateNewActivities(db, id, seen, at);
  }
  await db
    .update(leads)
    .set({
      createdAt: plan.createdAt,
      updatedAt: plan.stepTimes.at(-1) ?? plan.createdAt,
      clientReviewedAt: reviewedAt,
    })
    .where(eq(leads.id, id));
}

async function seedSubmissions(db: Database, now: Date, adminId: string) {
  const admin = { id: adminId, isAdmin: true };
  const random = createRandom(SEED + 1);
  // Addresses from the documentation range; per-e-mail limits apply as usual (every sender is distinct).
  let ip = 10;
  for (const plan of demoContacts) {
    checkpoint();
    const result = await submitContactMessage(contactSchema.parse(plan.form), { ip: `198.51.100.${ip++}` });
    if (result.status !== "sent")
      throw new SeedError(`The contact form refused ${plan.form.email} (rate limit)`);
    const createdAt = businessTime(now, plan.daysAgo, random);
    if (plan.handled) expectOk(await setHandled(admin, "contact", result.id, true), "mark a message handled");
    await db
      .update(contactSubmissions)
      .set({ createdAt, handledAt: plan.handled ? new Date(createdAt.getTime() + DAY) : null })
      .where(eq(contactSubmissions.id, result.id));
  }
  for (const plan of demoCareers) {
    checkpoint();
    const result = await submitCareerApplication(careerSchema.parse(plan.form), undefined, {
      ip: `198.51.100.${ip++}`,
    });
    if (result.status !== "sent")
      throw new SeedError(`The career form refused ${plan.form.email} (rate limit)`);
    const createdAt = businessTime(now, plan.daysAgo, random);
    if (plan.handled)
      expectOk(await setHandled(admin, "career", result.id, true), "mark an application handled");
    await db
      .update(careerApplications)
      .set({ createdAt, handledAt: plan.handled ? new Date(createdAt.getTime() + 2 * DAY) : null })
      .where(eq(careerApplications.id, result.id));
  }
  // The forms queue a staff notice and an acknowledgement per submission. These senders are invented,
  // so those e-mails are taken out of the outbox before the server's mail worker sees them.
  // The same goes for the "new lead for you" e-mails to the demo clients' invented addresses.
  const senders = [
    ...demoContacts.map((c) => c.form.email),
    ...demoCareers.map((c) => c.form.email),
    ...demoClients.map((c) => c.email),
  ];
  const removed = await db
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "pending"),
        or(inArray(mailOutbox.toAddress, senders), inArray(mailOutbox.replyTo, senders)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return removed.length;
}

async function accountId(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id;
}

async function seed(where: string): Promise<string> {
  const db = await getDb();
  const signIn = `${env().SITE_URL}/auth`;
  if (await accountId(db, DEMO_ADMIN_EMAIL)) {
    // The last thing a run writes is the last job application: without it, a run stopped part-way.
    const last = demoCareers.at(-1)!.form.email;
    const [finished] = await db
      .select({ id: careerApplications.id })
      .from(careerApplications)
      .where(eq(careerApplications.email, last))
      .limit(1);
    return [
      `Demo data is already there (${DEMO_ADMIN_EMAIL} exists in ${where}); nothing was changed.`,
      ...(finished
        ? []
        : [
            `It looks incomplete (an earlier run stopped part-way?): to start over, seed an empty database ` +
              `(a new DATA_DIR, or a new PostgreSQL database).`,
          ]),
      `Sign in at ${signIn} as ${DEMO_ADMIN_EMAIL} with the password ${DEMO_PASSWORD} (unless it was changed since).`,
    ].join("\n");
  }
  for (const client of demoClients) {
    if (await accountId(db, client.email)) {
      throw new SeedError(
        `The demo client ${client.email} exists but the demo admin does not: an earlier run stopped part-way. ` +
          `Seed an empty database (a new DATA_DIR, or a new PostgreSQL database) instead.`,
      );
    }
  }
  passwordSchema.parse(DEMO_PASSWORD);

  const now = new Date();
  const cli = { cli: true } as const;
  const created = await createConfirmedUser(cli, { ...demoAdmin, password: DEMO_PASSWORD, role: "admin" });
  if (!created.ok) throw new SeedError(created.message);
  const adminId = (await accountId(db, DEMO_ADMIN_EMAIL))!;
  const clientIds: string[] = [];
  for (const client of demoClients) {
    const result = await createConfirmedUser(cli, { ...client, password: DEMO_PASSWORD, role: "client" });
    if (!result.ok) throw new SeedError(result.message);
    clientIds.push((await accountId(db, client.email))!);
  }

  const plans = planLeads(now);
  for (const plan of plans) {
    checkpoint();
    await seedLead(db, plan, adminId, clientIds);
  }
  const removedMails = await seedSubmissions(db, now, adminId);

  // The summary comes from the database, not from the plan: it shows what was stored.
  const mine = eq(leads.createdByUserId, adminId);
  const byStatus = await db
    .select({ status: leads.leadStatus, n: count() })
    .from(leads)
    .where(mine)
    .groupBy(leads.leadStatus);
  const byClient = await db
    .select({ clientId: leads.assignedToClientId, n: count() })
    .from(leads)
    .where(mine)
    .groupBy(leads.assignedToClientId);
  const [activities] = await db
    .select({ n: count() })
    .from(leadActivities)
    .innerJoin(leads, eq(leads.id, leadActivities.leadId))
    .where(mine);
  const [roles] = await db
    .select({ n: count() })
    .from(userRoles)
    .where(inArray(userRoles.userId, [adminId, ...clientIds]));
  const n = (rows: readonly { n: number }[]) => rows.reduce((sum, row) => sum + Number(row.n), 0);
  const statusLine = leadStatuses
    .map((s) => `${s.label.toLowerCase()} ${n(byStatus.filter((r) => r.status === s.value))}`)
    .join(", ");
  const clientLines = demoClients.map((c, i) => {
    const assigned = n(byClient.filter((r) => r.clientId === clientIds[i]));
    return `  ${c.email.padEnd(32)} client  ${c.companyName} (${c.firstName} ${c.lastName}), ${assigned} leads`;
  });
  const total = n(byStatus);
  const unassigned = n(byClient.filter((r) => r.clientId === null));

  return [
    `Demo data created in ${where}:`,
    `  Accounts: 1 admin and ${demoClients.length} clients (${Number(roles?.n ?? 0)} roles)`,
    `  Leads: ${total} (${total - unassigned} assigned, ${unassigned} unassigned): ${statusLine}`,
    `  Timeline entries: ${Number(activities?.n ?? 0)}`,
    `  Contact messages: ${demoContacts.length}, job applications: ${demoCareers.length}`,
    `  E-mails: the ${removedMails} the demo data queued were dropped (the addresses are invented)`,
    ``,
    `Sign in at ${signIn} with the password ${DEMO_PASSWORD}:`,
    `  ${DEMO_ADMIN_EMAIL.padEnd(32)} admin   ${demoAdmin.firstName} ${demoAdmin.lastName}`,
    ...clientLines,
  ].join("\n");
}

async function main(): Promise<number> {
  const stop = () => {
    if (stopRequested) return;
    stopRequested = true;
    console.error("Stopping after the current step...");
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  try {
    return await withDatabase(async (target) => {
      const where = target.kind === "pglite" ? `the embedded database in ${target.dataDir}` : "PostgreSQL";
      try {
        console.log(await seed(where));
        return 0;
      } catch (error) {
        const reason =
          error instanceof SeedError ? error.message : ((error as Error)?.stack ?? String(error));
        console.error(
          `Seeding failed: ${reason}\nThe demo data may be incomplete: seed an empty database ` +
            `(a new DATA_DIR, or a new PostgreSQL database) to start over.`,
        );
        return stopRequested ? 130 : 1;
      }
    });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return 1;
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;

if (isMain) {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(`Failed: ${(error as Error)?.stack ?? String(error)}`);
    process.exitCode = 1;
  }
}

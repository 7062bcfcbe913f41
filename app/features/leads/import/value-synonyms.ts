/**
 * Which of our values a file's value means (ADR 039, ADR 056): a spelling we know exactly (value-words.ts,
 * compared without case, spaces or punctuation: "Cold-Calling" is "cold calling"), else the matcher's
 * confident reading. The import's value mapping proposes these; the admin can change any of them. Pure:
 * the browser imports it too.
 */
import { leadSources, leadStatuses, motivationLevels, propertyTypes, type Option } from "~/db/enums";
import { bestMatch, vocabulary, type Match, type Vocabulary } from "./matching";
import { valueWords } from "./value-words";

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

const tables: Record<EnumField, Map<string, string>> = {
  leadSource: table(leadSources, valueWords.leadSource),
  motivationLevel: table(motivationLevels, valueWords.motivationLevel),
  propertyType: table(propertyTypes, valueWords.propertyType),
  leadStatus: table(leadStatuses, valueWords.leadStatus),
};

/** Each field's values with every spelling we know, as the matcher compares them. */
const vocabularies = Object.fromEntries(
  enumFields.map((field) => {
    const words: Record<string, string[]> = valueWords[field.value];
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

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

/** One field's values as the matcher compares them: each value's code, label and the words we know. */
const vocabularyOf = (options: readonly Option[], words: Record<string, string[]>) =>
  vocabulary(
    options.map((option) => ({
      target: option.value,
      spellings: [option.value.replaceAll("_", " "), option.label, ...(words[option.value] ?? [])],
    })),
  );

/** Each field's values with every spelling we know, as the matcher compares them. */
const vocabularies = Object.fromEntries(
  enumFields.map((field) => [field.value, vocabularyOf(field.options, valueWords[field.value])]),
) as Record<EnumField, Vocabulary<string>[]>;

/**
 * The lead sources an import may give (the agency's open ones, sources.server.ts): their table and
 * vocabulary, built once per list. A built-in source keeps the words we know for it; one the agency
 * added is known by its key and label; a source not on the list (retired) is never proposed.
 */
const sourceBooks = new Map<string, { table: Map<string, string>; vocabulary: Vocabulary<string>[] }>();
function sourceBook(sources: readonly Option[]) {
  const signature = sources.map((s) => `${s.value}\u0000${s.label}`).join("\u0001");
  let book = sourceBooks.get(signature);
  if (!book) {
    book = {
      table: table(sources, pick(valueWords.leadSource, sources)),
      vocabulary: vocabularyOf(sources, valueWords.leadSource),
    };
    // A handful of lists in a process's life; the bound only keeps a pathological caller from growing it.
    if (sourceBooks.size > 50) sourceBooks.clear();
    sourceBooks.set(signature, book);
  }
  return book;
}

/** The words we know of the sources on the list. */
const pick = (words: Record<string, string[]>, sources: readonly Option[]) =>
  Object.fromEntries(sources.flatMap((s) => (words[s.value] ? [[s.value, words[s.value]!]] : [])));

/** How a file's value maps to one of ours: the target, and how sure the match is (1: a spelling we know). */
export type ValueMatch = Match<string>;

/**
 * Our value for a value as a file writes it: a spelling we know exactly ("Cold Calling" -> cold_call),
 * else the closest match when it is a confident one ("Direct Mailer" -> direct_mail, 0.8); null when
 * nothing is close enough (the import then uses the field's default and keeps the words). A lead source
 * is matched among `sources` (the agency's open sources) when given, else among the built-in ones.
 */
export function matchValue(field: EnumField, raw: string, sources?: readonly Option[]): ValueMatch | null {
  const book = field === "leadSource" && sources ? sourceBook(sources) : null;
  const byKey = book?.table ?? tables[field];
  const wanted = valueKey(raw);
  if (wanted === "") return null;
  const exact =
    byKey.get(wanted) ??
    byKey.get(wanted.replace(/leads?$/, "")) ??
    (wanted.endsWith("s") ? byKey.get(wanted.slice(0, -1)) : undefined);
  if (exact) return { target: exact, confidence: 1 };
  return bestMatch(raw, book?.vocabulary ?? vocabularies[field]);
}

/** The target of `matchValue`, or null. */
export const suggestValue = (field: EnumField, raw: string, sources?: readonly Option[]): string | null =>
  matchValue(field, raw, sources)?.target ?? null;

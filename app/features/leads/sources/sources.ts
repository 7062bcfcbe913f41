/**
 * The agency's lead sources as the browser and the server both see them (ADR 057): the shape of a key,
 * the key a new source's label gets, and the one schema of the admin's sources page.
 */
import type { Toast } from "~/lib/toast-message";
import { z } from "~/lib/zod";

/** A source as forms, filters and labels use it; `retired` ones are named but not offered for new leads. */
export interface SourceOption {
  value: string;
  label: string;
  retired: boolean;
}

/** What a key is (the table's check): lower-case letters, digits and "_", not starting with "_". */
export const SOURCE_KEY = /^[a-z0-9][a-z0-9_]{0,39}$/;
export const SOURCE_LABEL_MAX = 60;

/** The new-lead form's message for a missing (or no longer offered) source. */
export const chooseSource = "Choose a lead source";

/**
 * A lead's source in a form, the API or an import's defaults: a key's shape is checked here, whether it
 * is one the agency offers by the server (sources.server.ts), with the same message.
 */
export const sourceKeySchema = z.string().trim().regex(SOURCE_KEY, chooseSource);

export const sourceMessages = {
  labelRequired: "Name the source",
  labelTooLong: `A source's name must be at most ${SOURCE_LABEL_MAX} characters`,
  labelTaken: (label: string) => `There is already a source named "${label}"`,
  unknown: "That source no longer exists: reload the page",
  mergeSame: "Choose a different source to merge into",
  mergeInto: "Choose the source to merge into",
  mergeRetired: "Merge into a source that is in use, not a retired one",
  builtInMerge: "A built-in source cannot be merged away: retire it instead",
} as const;

export const sourceToasts = {
  added: (label: string): Toast => ({
    kind: "success",
    title: "Success",
    text: `Added the source "${label}"`,
  }),
  renamed: (label: string): Toast => ({ kind: "success", title: "Success", text: `Renamed to "${label}"` }),
  retired: (label: string): Toast => ({
    kind: "success",
    title: "Success",
    text: `"${label}" is retired: its leads keep it, new leads cannot be given it`,
  }),
  restored: (label: string): Toast => ({
    kind: "success",
    title: "Success",
    text: `"${label}" is offered again`,
  }),
  merged: (from: string, into: string, leads: number): Toast => ({
    kind: "success",
    title: "Success",
    text: `Merged "${from}" into "${into}": ${leads.toLocaleString("en-US")} lead${leads === 1 ? "" : "s"} moved`,
  }),
} as const;

/**
 * The key a label gets: its words in lower case joined by "_" ("Facebook Ads" → facebook_ads; "source"
 * when it has none); the server adds _2, _3... when the key is taken.
 */
export function sourceKeyOf(label: string): string {
  const words = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  return ((words ?? []).join("_") || "source").slice(0, 34).replace(/_+$/, "");
}

/** A source's name as it is kept: its words with single spaces between them. */
export const sourceLabelOf = (text: string) => text.replace(/\s+/g, " ").trim();

const label = z
  .string()
  .transform(sourceLabelOf)
  .pipe(z.string().min(1, sourceMessages.labelRequired).max(SOURCE_LABEL_MAX, sourceMessages.labelTooLong));
const key = z.string().trim().regex(SOURCE_KEY, sourceMessages.unknown);

/** The sources page's forms, one schema each (the intent field tells them apart). */
export const addSourceSchema = z.object({ label });
export const renameSourceSchema = z.object({ key, label });
export const sourceRowSchema = z.object({ key });
export const mergeSourceSchema = z.object({
  key,
  into: z.string().trim().regex(SOURCE_KEY, sourceMessages.mergeInto),
});

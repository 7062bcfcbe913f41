/** The dashboard's query string: which list, which page, what to search, handled or not. */
import { z } from "~/lib/zod";

export const PAGE_SIZE = 50;

export const submissionKinds = ["contact", "career"] as const;
export type SubmissionKind = (typeof submissionKinds)[number];

export const listQuerySchema = z.object({
  tab: z.enum(submissionKinds).catch("contact"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  q: z.string().trim().max(100).catch(""),
  status: z.enum(["all", "open", "handled"]).catch("all"),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

export function parseListQuery(url: URL): ListQuery {
  return listQuerySchema.parse(Object.fromEntries(url.searchParams));
}

/**
 * Returns (issue 15): the client's request to send a lead back and the admin's decision on it. Shared by
 * the browser and the server.
 */
import { returnReasons, returnStates, valuesOf } from "~/db/enums";
import { z } from "~/lib/zod";

export const RETURN_NOTE_MAX = 1000;

const note = z.string().trim().max(RETURN_NOTE_MAX, "Note must be at most 1,000 characters");

export const returnRequestSchema = z
  .object({
    reason: z.enum(valuesOf(returnReasons), "Choose why you are returning this lead"),
    note,
  })
  .superRefine((value, ctx) => {
    if (value.reason === "other" && value.note === "") {
      ctx.addIssue({ code: "custom", path: ["note"], message: "Tell us why in the note" });
    }
  });

export type ReturnRequestInput = z.output<typeof returnRequestSchema>;

/** The most returns one decision takes: a page of the queue. */
export const RETURN_DECISION_MAX = 200;

/**
 * The queue's decision (issue 25): approve or reject the ticked returns, one or many, with one note for
 * all of them. Each is decided on its own (returns.server.ts `decideReturn`), as the single one was.
 */
export const returnDecisionSchema = z
  .object({
    returnId: z
      .array(z.string().max(100))
      .min(1, "Tick the returns to decide")
      .max(RETURN_DECISION_MAX, "Decide at most 200 returns at once"),
    decision: z.enum(["approve", "reject"], "Choose approve or reject"),
    decisionNote: note,
  })
  .superRefine((value, ctx) => {
    if (value.decision === "reject" && value.decisionNote === "") {
      ctx.addIssue({
        code: "custom",
        path: ["decisionNote"],
        message: "Say why the return is rejected: the client sees it",
      });
    }
  });

export type ReturnDecisionInput = z.output<typeof returnDecisionSchema>;

/** One return's decision, as `decideReturn` takes it. */
export type SingleReturnDecision = Omit<ReturnDecisionInput, "returnId"> & { returnId: string };

/** The queue's orders (issue 25): by request, either way, or by client (then the oldest request first). */
export const returnSorts = [
  { value: "oldest", label: "Oldest request first" },
  { value: "newest", label: "Newest request first" },
  { value: "client", label: "By client, A to Z" },
  { value: "client_desc", label: "By client, Z to A" },
] as const;
export type ReturnSort = (typeof returnSorts)[number]["value"];

/** What the last decision did, carried in the URL so it stays on the page (reloads, live updates). */
const doneSchema = z
  .string()
  .regex(/^(approve|reject)\.\d{1,4}\.\d{1,4}\.\d{1,4}$/)
  .transform((text) => {
    const [decision, decided, already, missing] = text.split(".");
    return {
      decision: decision as "approve" | "reject",
      decided: Number(decided),
      already: Number(already),
      missing: Number(missing),
    };
  });
export type ReturnDecisionSummary = z.output<typeof doneSchema>;

export const doneParam = (s: ReturnDecisionSummary) => `${s.decision}.${s.decided}.${s.already}.${s.missing}`;

/** The queue's filters and order, read from the URL: unknown values fall back to the default view. */
export const returnQueueSchema = z.object({
  state: z.enum([...valuesOf(returnStates), "all"]).catch("requested"),
  reason: z.enum(valuesOf(returnReasons)).optional().catch(undefined),
  client: z.string().max(100).optional().catch(undefined),
  sort: z.enum(valuesOf(returnSorts)).catch("oldest"),
  done: doneSchema.optional().catch(undefined),
});

export type ReturnQueueQuery = z.output<typeof returnQueueSchema>;

/** The queue's URL search for `query` (its defaults left out), "" or "?...". */
export function returnQueueSearch(query: Omit<ReturnQueueQuery, "done">): string {
  const params = new URLSearchParams();
  if (query.state !== "requested") params.set("state", query.state);
  if (query.reason) params.set("reason", query.reason);
  if (query.client) params.set("client", query.client);
  if (query.sort !== "oldest") params.set("sort", query.sort);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * What a decision did, in words that stay on the page: "Approved 5 returns; 1 was already decided".
 */
export function decisionSentence(s: ReturnDecisionSummary): string {
  const verb = s.decision === "approve" ? "Approved" : "Rejected";
  const was = (n: number) => (n === 1 ? "was" : "were");
  return [
    `${verb} ${s.decided} ${s.decided === 1 ? "return" : "returns"}`,
    s.already > 0 && `${s.already} ${was(s.already)} already decided`,
    s.missing > 0 && `${s.missing} ${was(s.missing)} not found`,
  ]
    .filter(Boolean)
    .join("; ");
}

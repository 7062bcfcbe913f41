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

export const returnDecisionSchema = z
  .object({
    returnId: z.uuid("Invalid return"),
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

/** The queue's filters, read from the URL: unknown values fall back to the default view. */
export const returnQueueSchema = z.object({
  state: z.enum(valuesOf(returnStates)).catch("requested"),
  reason: z.enum(valuesOf(returnReasons)).optional().catch(undefined),
  client: z.string().max(100).optional().catch(undefined),
});

export type ReturnQueueQuery = z.output<typeof returnQueueSchema>;

/**
 * The POSTs about returns: the client's request on their lead's page (which also holds the feedback
 * form and the claim's button: `intent=return`, `intent=claim|release` tell them apart) and the admin's
 * decision in the queue.
 */
import { data } from "react-router";
import type { Actor } from "~/lib/actor";
import { redirectWithToast } from "~/lib/flash.server";
import { parseForm, type FormReply } from "~/lib/form-reply";
import { type Toast, errorToast } from "~/lib/toast-message";
import { setLeadClaim } from "../client-leads.server";
import { handleFeedbackForm } from "../lead-actions.server";
import {
  decisionSentence,
  doneParam,
  returnDecisionSchema,
  returnQueueSchema,
  returnQueueSearch,
  returnRequestSchema,
} from "./return.schema";
import { decideReturns, requestReturn } from "./returns.server";
import { unavailableText } from "./return-standing";
import { invalidForm } from "~/lib/form-reply.server";

export const returnToasts = {
  requested: {
    kind: "success",
    title: "Return requested",
    text: "We will review it and let you know by e-mail.",
  },
  approved: { kind: "success", title: "Return approved", text: "The client is told by e-mail." },
  rejected: { kind: "success", title: "Return rejected", text: "The client is told why by e-mail." },
  decided: { kind: "error", title: "Already decided", text: "Another admin decided this return first." },
  missing: errorToast("Return not found"),
} as const satisfies Record<string, Toast>;

export const claimToasts = {
  taken: { kind: "success", title: "Lead taken", text: "It is yours now: it shows under Mine in My Leads." },
  released: { kind: "success", title: "Lead released", text: "Anyone on your team can take it now." },
  taken_by_other: {
    kind: "error",
    title: "Already taken",
    text: "Someone else on your team has already taken this lead.",
  },
  not_found: { kind: "error", title: "Error", text: "Lead not found" },
} as const satisfies Record<string, Toast>;

/** The answer to a refused claim (a taken or a missing lead); a done one goes back to the page. */
export interface ClaimReply extends FormReply {
  intent: "claim";
}

/** A reply that says which of the page's forms it answers. */
export interface ReturnReply extends FormReply {
  intent: "return" | "decide";
}

/** The client lead page's POST: a return request, or else the feedback buttons. */
export async function handleClientLeadPost(request: Request, actor: Actor, leadId: string) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "claim" || intent === "release") {
    const result = await setLeadClaim(actor, leadId, intent === "claim");
    if (result === "taken" || result === "released") {
      throw redirectWithToast(request, new URL(request.url).pathname, claimToasts[result]);
    }
    return data<ClaimReply>(
      { ok: false, intent: "claim", toast: claimToasts[result] },
      { status: result === "not_found" ? 404 : 409 },
    );
  }
  if (intent !== "return") return handleFeedbackForm(form, actor, leadId);
  const submission = parseForm(form, returnRequestSchema);
  if (submission.status !== "success") {
    return invalidForm<ReturnReply>(submission.reply(), { intent: "return" });
  }
  const made = await requestReturn(actor, leadId, submission.value);
  if (!made.ok) {
    const text = unavailableText(made.standing) ?? "You have already asked to return this lead.";
    const status = made.standing.kind === "not_held" ? 404 : 409;
    return data<ReturnReply>(
      {
        ok: false,
        intent: "return",
        toast: { kind: "error", title: "Return not available", text },
        result: submission.reply(),
      },
      { status },
    );
  }
  throw redirectWithToast(request, new URL(request.url).pathname, returnToasts.requested);
}

/**
 * The queue's Approve and Reject (issue 25): the ticked returns, one note for all, each decided as a
 * single one is. Back to the queue as it was filtered and sorted, with what was done in the URL (`done`)
 * so it stays on the page. When none could be decided (each already decided, or unknown), the refusal
 * of the single decision: "Already decided" (409) or "Return not found" (404).
 */
export async function handleReturnDecision(request: Request, actor: Actor) {
  const submission = parseForm(await request.formData(), returnDecisionSchema);
  if (submission.status !== "success") {
    return invalidForm<ReturnReply>(submission.reply(), { intent: "decide" });
  }
  const summary = await decideReturns(actor, submission.value);
  if (summary.decided === 0) {
    const reason = summary.already > 0 ? "decided" : "missing";
    return data<ReturnReply>(
      { ok: false, intent: "decide", toast: returnToasts[reason], result: submission.reply() },
      { status: reason === "missing" ? 404 : 409 },
    );
  }
  const url = new URL(request.url);
  const query = returnQueueSchema.parse(Object.fromEntries(url.searchParams));
  const approved = summary.decision === "approve";
  // One return decided and nothing else to say: the single decision's own toast.
  const alone = summary.decided === 1 && summary.already === 0 && summary.missing === 0;
  const toast: Toast = alone
    ? approved
      ? returnToasts.approved
      : returnToasts.rejected
    : {
        kind: "success",
        title: approved ? "Returns approved" : "Returns rejected",
        text: `${decisionSentence(summary)}. Each client is told by e-mail.`,
      };
  const search = new URLSearchParams(returnQueueSearch(query));
  search.set("done", doneParam(summary));
  throw redirectWithToast(request, `${url.pathname}?${search.toString()}`, toast);
}

/**
 * The bulk form of the admin lead list: validates with the shared schema, asks once more before a
 * delete (naming the count) and before an assignment past the client's monthly cap (saying by how
 * much), runs the batch and goes back to the same filtered list with a toast; and the Undo of an
 * assignment's result.
 */
import { data } from "react-router";
import type { Actor } from "~/lib/actor";
import { redirectWithToast } from "~/lib/flash.server";
import { errorToast } from "~/lib/toast-message";
import { parseForm, type FormReply } from "~/lib/form-reply";
import { noAgreementNote } from "./agreements/agreements.server";
import {
  bulkLeadAction,
  countSelection,
  type BulkAction,
  type BulkOutcome,
  type BulkSelection,
} from "./bulk.server";
import { capChoiceOf } from "./leads.schema";
import { capMessages, type OverCap } from "./agreements/capacity";
import {
  bulkSchema,
  leadListSearch,
  normalLeadListSearch,
  parseLeadListQuery,
  undoMessages,
  undoSchema,
  type BulkInput,
} from "./lead-list.schema";
import { undoBulkAssignment } from "./bulk-undo.server";
import { InvalidClientError } from "./lead-commands.server";
import { invalidField, invalidForm, invalidRequest } from "~/lib/form-reply.server";
import { listClients } from "./lead-queries.server";
import { rememberSelection } from "./lead-list-views.server";
import { labelOf, leadStatuses } from "~/db/enums";

/** The delete's second step: how many leads the choice names, and the choice to post again. */
export interface BulkDeleteQuestion {
  confirmDelete: { count: number; input: BulkInput };
}

/** An assignment's second step (issue 24): how far it passes the cap, and the choice to post again. */
export interface BulkCapQuestion {
  confirmOverCap: { overCap: OverCap; input: BulkInput };
}

/** What the bulk form's POST answers when it does not go back to the list: a refusal, or a question. */
export type BulkActionResult = FormReply | BulkDeleteQuestion | BulkCapQuestion;

/** A refusal by a check beside the schema: its message under the field and in the toast, status 400. */
function refuse(submission: ReturnType<typeof parseForm>, field: "clientId" | "id", message: string) {
  return invalidField(submission, field, message);
}

export async function handleBulkPost(request: Request, actor: Actor) {
  const submission = parseForm(await request.formData(), bulkSchema);
  if (submission.status !== "success") {
    return invalidForm(submission.reply());
  }
  const input = submission.value;
  // The list the admin was looking at, rebuilt from its URL search: unknown values are dropped.
  const query = parseLeadListQuery(
    new URL(`/admin/leads${input.filters.startsWith("?") ? input.filters : ""}`, "http://x"),
  );
  const back = `/admin/leads${leadListSearch(query)}`;
  const selection: BulkSelection =
    input.scope === "matching" ? { query } : { ids: input.id, sort: query.sort };
  const action: BulkAction =
    input.bulkAction === "assign"
      ? { kind: "assign", clientId: input.clientId ?? null, cap: capChoiceOf(input.capChoice) }
      : input.bulkAction === "unassign"
        ? { kind: "assign", clientId: null }
        : input.bulkAction === "status"
          ? { kind: "status", status: input.status! }
          : { kind: "delete" };

  if (action.kind === "delete" && input.confirmed !== "yes") {
    return {
      confirmDelete: { count: await countSelection(actor, selection), input },
    } satisfies BulkDeleteQuestion;
  }
  let outcome: BulkOutcome;
  try {
    outcome = await bulkLeadAction(actor, selection, action);
  } catch (error) {
    // Checks beside the schema: a client id that is no client's, more ticked ids than one batch takes.
    if (error instanceof InvalidClientError) return refuse(submission, "clientId", "Invalid client ID");
    if (error instanceof RangeError) return refuse(submission, "id", error.message);
    throw error;
  }
  if ("overCap" in outcome) {
    return { confirmOverCap: { overCap: outcome.overCap, input } } satisfies BulkCapQuestion;
  }
  const { changed, selected, overCapLeft = 0, outsideLeft = false, limit, leadIds } = outcome;
  const verb = {
    assign: action.kind === "assign" && action.clientId ? "assigned" : "unassigned",
    status: "updated",
    delete: "deleted",
  }[action.kind];
  const unchanged = selected - changed - overCapLeft;
  const already = unchanged > 0 ? ` (${leadsText(unchanged)} already were)` : "";
  const notes = [
    overCapLeft > 0 ? capMessages.leftOver(overCapLeft, outsideLeft, limit) : null,
    action.kind === "assign" && action.clientId && changed > 0
      ? await noAgreementNote(actor, action.clientId)
      : null,
  ].filter((note): note is string => Boolean(note));
  const toast = {
    kind: "success" as const,
    title: "Success",
    text: [`${leadsText(changed)} ${verb}${already}`, ...notes].join(". "),
  };
  // Deleted leads cannot be shown again; the others get a lasting result with "View these N" (issue 25).
  if (action.kind === "delete" || leadIds.length === 0) return redirectWithToast(request, back, toast);
  const done = `${leadsText(changed)} ${await resultVerb(actor, action)}${already}`;
  const selectionId = await rememberSelection(actor, [done, ...notes].join(". "), leadIds, outcome.undo);
  const separator = back.includes("?") ? "&" : "?";
  return redirectWithToast(request, `${back}${separator}done=${selectionId}`, toast);
}

const leadsText = (n: number) => `${n} ${n === 1 ? "lead" : "leads"}`;

/** What was done, and to whom: "assigned to Red Oak Property Group", "set to Contacted", "unassigned". */
async function resultVerb(actor: Actor, action: Exclude<BulkAction, { kind: "delete" }>): Promise<string> {
  if (action.kind === "status") return `set to ${labelOf(leadStatuses, action.status)}`;
  if (!action.clientId) return "unassigned";
  const client = (await listClients(actor)).find((c) => c.id === action.clientId);
  return `assigned to ${client?.name ?? "Unassigned"}`;
}

/**
 * The Undo of a bulk assignment's result (issue 24 §3): back to the list with what was taken back and
 * whether the client had heard of it; a refusal (too late, already undone, not this admin's) is said at
 * the result, with 409 or 404.
 */
export async function handleUndoPost(request: Request, actor: Actor, form: FormData) {
  const submission = parseForm(form, undoSchema);
  if (submission.status !== "success") return invalidRequest<FormReply>();
  const { selection, back } = submission.value;
  const list = `/admin/leads${normalLeadListSearch(back)}`;
  const outcome = await undoBulkAssignment(actor, selection);
  if (!outcome.ok) {
    return data<FormReply>(
      { ok: false, toast: errorToast(undoMessages[outcome.reason]) },
      { status: outcome.reason === "nothing" ? 404 : 409 },
    );
  }
  const mail =
    outcome.mail === "held"
      ? undoMessages.mailHeld(outcome.client)
      : outcome.mail === "sent" && outcome.undone > 0
        ? undoMessages.mailSent(outcome.client)
        : null;
  const text = [undoMessages.done(outcome.undone, outcome.kept, outcome.client), mail]
    .filter(Boolean)
    .join(". ");
  return redirectWithToast(request, list, { kind: "success", title: "Undone", text });
}

/**
 * The bulk form of the admin lead list: validates with the shared schema, asks once more before a
 * delete (naming the count), runs the batch and goes back to the same filtered list with a toast.
 */
import { data } from "react-router";
import type { Actor } from "~/lib/actor";
import { redirectWithToast } from "~/lib/flash.server";
import { parseForm, type FormReply } from "~/lib/form-reply";
import { formToasts } from "~/lib/form-toasts";
import { bulkLeadAction, countSelection, type BulkAction, type BulkSelection } from "./bulk.server";
import { bulkSchema, leadListSearch, parseLeadListQuery, type BulkInput } from "./leads.schema";
import { InvalidClientError } from "./lead-commands.server";

/** The delete's second step: how many leads the choice names, and the choice to post again. */
export interface BulkDeleteQuestion {
  confirmDelete: { count: number; input: BulkInput };
}

/** What the bulk form's POST answers when it does not go back to the list: a refusal, or the question. */
export type BulkActionResult = FormReply | BulkDeleteQuestion;

/** A refusal by a check beside the schema: its message under the field and in the toast, status 400. */
function refuse(submission: ReturnType<typeof parseForm>, field: "clientId" | "id", message: string) {
  return data<FormReply>(
    {
      ok: false,
      toast: { kind: "error", title: "Error", text: message },
      result: submission.reply({ fieldErrors: { [field]: [message] } }),
    },
    { status: 400 },
  );
}

export async function handleBulkPost(request: Request, actor: Actor) {
  const submission = parseForm(await request.formData(), bulkSchema);
  if (submission.status !== "success") {
    return data<FormReply>(
      { ok: false, toast: formToasts.validation, result: submission.reply() },
      { status: 400 },
    );
  }
  const input = submission.value;
  // The list the admin was looking at, rebuilt from its URL search: unknown values are dropped.
  const query = parseLeadListQuery(
    new URL(`/admin/leads${input.filters.startsWith("?") ? input.filters : ""}`, "http://x"),
  );
  const back = `/admin/leads${leadListSearch(query)}`;
  const selection: BulkSelection = input.scope === "matching" ? { query } : { ids: input.id };
  const action: BulkAction =
    input.bulkAction === "assign"
      ? { kind: "assign", clientId: input.clientId ?? null }
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
  let changed: number;
  let selected: number;
  try {
    ({ changed, selected } = await bulkLeadAction(actor, selection, action));
  } catch (error) {
    // Checks beside the schema: a client id that is no client's, more ticked ids than one batch takes.
    if (error instanceof InvalidClientError) return refuse(submission, "clientId", "Invalid client ID");
    if (error instanceof RangeError) return refuse(submission, "id", error.message);
    throw error;
  }
  const leadsText = (n: number) => `${n} ${n === 1 ? "lead" : "leads"}`;
  const verb = {
    assign: action.kind === "assign" && action.clientId ? "assigned" : "unassigned",
    status: "updated",
    delete: "deleted",
  }[action.kind];
  const unchanged = selected - changed;
  return redirectWithToast(request, back, {
    kind: "success",
    title: "Success",
    text: `${leadsText(changed)} ${verb}${unchanged > 0 ? ` (${leadsText(unchanged)} already were)` : ""}`,
  });
}

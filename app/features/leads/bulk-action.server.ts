/**
 * The bulk form of the admin lead list: validates with the shared schema, asks once more before a
 * delete (naming the count), runs the batch and goes back to the same filtered list with a toast.
 */
import { data } from "react-router";
import type { Actor } from "~/lib/actor";
import { redirectWithToast } from "~/lib/flash.server";
import { fieldErrorsOf, type FieldErrors } from "~/lib/form-errors";
import { bulkLeadAction, countSelection, type BulkAction, type BulkSelection } from "./bulk.server";
import {
  bulkFormInput,
  bulkSchema,
  leadListSearch,
  parseLeadListQuery,
  type BulkField,
  type BulkInput,
} from "./leads.schema";
import { InvalidClientError } from "./leads.server";

export type BulkActionResult =
  | { intent: "bulk"; errors: FieldErrors<BulkField> }
  | { intent: "bulk"; confirmDelete: { count: number; input: BulkInput } };

export async function handleBulkPost(request: Request, actor: Actor) {
  const parsed = bulkSchema.safeParse(bulkFormInput(await request.formData()));
  if (!parsed.success) {
    return data({ intent: "bulk" as const, errors: fieldErrorsOf<BulkField>(parsed.error) }, { status: 400 });
  }
  const input = parsed.data;
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
      intent: "bulk" as const,
      confirmDelete: { count: await countSelection(actor, selection), input },
    };
  }
  let changed: number;
  let selected: number;
  try {
    ({ changed, selected } = await bulkLeadAction(actor, selection, action));
  } catch (error) {
    if (error instanceof InvalidClientError) {
      return data({ intent: "bulk" as const, errors: { clientId: "Invalid client ID" } }, { status: 400 });
    }
    if (error instanceof RangeError) {
      return data({ intent: "bulk" as const, errors: { id: error.message } }, { status: 400 });
    }
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

import type { Route } from "./+types/export";
import { requirePermissionOr404 } from "~/features/auth/access.server";
import { exportSelectionSchema, parseLeadListQuery } from "~/features/leads/lead-list.schema";
import { exportLeadsCsv } from "~/features/leads/lead-queries.server";
import { csvResponse } from "~/lib/csv-response.server";
import { parseForm } from "~/lib/form-reply";

const fileName = () => `leads-${new Date().toISOString().slice(0, 10)}.csv`;

/**
 * GET /admin/leads/export.csv?<the list's filters>: every lead the list shows, in its order, as CSV,
 * streamed as it is read (any size).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermissionOr404(request, "lead:read:any");
  const query = parseLeadListQuery(new URL(request.url));
  return csvResponse(exportLeadsCsv(actor, query), fileName());
}

/**
 * POST /admin/leads/export.csv from the selection bar's Export (issue 25): exactly the ticked leads (at
 * most EXPORT_SELECTION_MAX), or every lead matching the list's filters, in the list's order, with the
 * same columns. A choice that cannot be read is a 400.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermissionOr404(request, "lead:read:any");
  const submission = parseForm(await request.formData(), exportSelectionSchema);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Bad request";
    return new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const { scope, id, filters } = submission.value;
  const query = parseLeadListQuery(
    new URL(`/admin/leads${filters.startsWith("?") ? filters : ""}`, "http://x"),
  );
  return csvResponse(exportLeadsCsv(actor, query, scope === "ticked" ? id : undefined), fileName());
}

import type { Route } from "./+types/import-rejected";
import { requirePermissionOr404 } from "~/features/auth/access.server";
import { getImport, rejectedRowsCsv } from "~/features/leads/import/imports.server";
import { csvResponse } from "~/lib/csv-response.server";
import { notFound } from "~/lib/not-found";

/** GET /admin/leads/import/:id/rejected.csv: the rows an import did not take, with a `reason` column. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requirePermissionOr404(request, "lead:read:any");
  const detail = await getImport(actor, params.id);
  if (!detail) throw notFound("Import not found");
  const base = detail.fileName.replace(/\.[^.]*$/, "");
  return csvResponse(rejectedRowsCsv(actor, detail), `${base}-rejected.csv`);
}

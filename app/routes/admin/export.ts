import type { Route } from "./+types/export";
import { requirePermissionOr404 } from "~/features/auth/access.server";
import { parseListQuery } from "~/features/submissions/submissions.schema";
import { exportCsv } from "~/features/submissions/submissions.server";

/** GET /admin/submissions/export.csv?tab=contact|career&q=&status=: the list as CSV, all pages. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermissionOr404(request, "submission:read:any");
  const query = parseListQuery(new URL(request.url));
  const csv = await exportCsv(actor, query.tab, query);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${query.tab === "contact" ? "contact-submissions" : "career-applications"}-${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

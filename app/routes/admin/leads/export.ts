import type { Route } from "./+types/export";
import { requirePermissionOr404 } from "~/features/auth/access.server";
import { parseLeadListQuery } from "~/features/leads/leads.schema";
import { exportLeadsCsv } from "~/features/leads/leads.server";

/**
 * GET /admin/leads/export.csv?<the list's filters>: every lead the list shows, in its order, as CSV,
 * streamed as it is read (any size). A UTF-8 byte order mark first, so spreadsheets read the names right.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermissionOr404(request, "lead:read:any");
  const query = parseLeadListQuery(new URL(request.url));
  const chunks = exportLeadsCsv(actor, query);
  const encoder = new TextEncoder();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(started ? next.value : `\uFEFF${next.value}`));
      started = true;
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

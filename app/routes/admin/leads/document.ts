import { data } from "react-router";
import type { Route } from "./+types/document";
import { documentFile } from "~/features/leads/lead-queries.server";
import { requirePermissionOr404 } from "~/features/auth/access.server";
import { attachmentResponse } from "~/lib/files/attachment.server";

/** GET /admin/leads/:id/documents/:documentId: a lead document, to admins only, always as a download. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requirePermissionOr404(request, "lead:read:any");
  const file = await documentFile(actor, params.id, params.documentId);
  if (!file) throw data("Not found", { status: 404 });
  return attachmentResponse(file);
}

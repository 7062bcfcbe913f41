import { data } from "react-router";
import type { Route } from "./+types/resume";
import { requirePermissionOr404 } from "~/features/auth/access.server";
import { resumeFile } from "~/features/submissions/submissions.server";
import { attachmentResponse } from "~/lib/files/attachment.server";

/** GET /admin/applications/:id/resume: the stored resume, to admins only, always as a download. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requirePermissionOr404(request, "submission:read:any");
  const file = await resumeFile(actor, params.id);
  if (!file) throw data("Not found", { status: 404 });
  return attachmentResponse(file);
}

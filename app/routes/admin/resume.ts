import { data } from "react-router";
import type { Route } from "./+types/resume";
import { requireAdminOr404 } from "~/features/auth/admin-resource.server";
import { resumeFile } from "~/features/submissions/submissions.server";
import { attachmentResponse } from "~/lib/files/attachment.server";

/** GET /admin/applications/:id/resume: the stored resume, to admins only, always as a download. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireAdminOr404(request);
  const file = await resumeFile(actor, params.id);
  if (!file) throw data("Not found", { status: 404 });
  return attachmentResponse(file);
}

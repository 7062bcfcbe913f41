import { data } from "react-router";
import type { Route } from "./+types/resume";
import { requireAdminOr404 } from "~/features/submissions/admin-resource.server";
import { resumeFile } from "~/features/submissions/submissions.server";

/** GET /admin/applications/:id/resume: the stored resume, to admins only, always as a download. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireAdminOr404(request);
  const file = await resumeFile(actor, params.id);
  if (!file) throw data("Not found", { status: 404 });
  const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(Buffer.from(file.data), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.data.length),
      "Content-Disposition": `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}

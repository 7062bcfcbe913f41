import type { Route } from "./+types/events";
import { requireAdminOr404 } from "~/features/submissions/admin-resource.server";
import { eventStream, SUBMISSIONS_CHANNEL } from "~/lib/realtime.server";

/** GET /admin/events: server-sent events, one `submission` event per new submission, to admins only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminOr404(request);
  return eventStream(request, SUBMISSIONS_CHANNEL, "submission");
}

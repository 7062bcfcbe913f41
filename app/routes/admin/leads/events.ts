import type { Route } from "./+types/events";
import { requireAdminOr404 } from "~/features/submissions/admin-resource.server";
import { eventStream, LEADS_CHANNEL } from "~/lib/realtime.server";

/** GET /admin/leads/events: server-sent events, one `lead` event per change to any lead, to admins only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminOr404(request);
  return eventStream(request, LEADS_CHANNEL, "lead");
}

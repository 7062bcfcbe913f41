import type { Route } from "./+types/events";
import { requireAdminOr404 } from "~/features/auth/admin-resource.server";
import { sessionStillGrants } from "~/features/auth/sessions.server";
import { eventStream, SUBMISSIONS_CHANNEL } from "~/lib/realtime.server";

/**
 * GET /admin/events: server-sent events, one `submission` event per new submission, to admins only, for
 * as long as their session holds the admin role.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAdminOr404(request);
  return eventStream(request, {
    channel: SUBMISSIONS_CHANNEL,
    eventName: "submission",
    userId: actor.id,
    stillAllowed: () => sessionStillGrants(actor, "admin"),
  });
}

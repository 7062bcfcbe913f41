import type { Route } from "./+types/events";
import { requirePermissionOr404 } from "~/features/auth/access.server";
import { sessionStillGrants } from "~/features/auth/sessions.server";
import { eventStream, SUBMISSIONS_CHANNEL } from "~/lib/realtime.server";

/**
 * GET /admin/events: server-sent events, one `submission` event per new submission, to admins only, for
 * as long as their session holds the admin role.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermissionOr404(request, "submission:read:any");
  return eventStream(request, {
    channel: SUBMISSIONS_CHANNEL,
    eventName: "submission",
    userId: actor.id,
    stillAllowed: () => sessionStillGrants(actor, "submission:read:any"),
  });
}

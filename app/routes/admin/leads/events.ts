import type { Route } from "./+types/events";
import { requirePermissionOr404 } from "~/features/auth/access.server";
import { sessionStillGrants } from "~/features/auth/sessions.server";
import { eventStream, LEADS_CHANNEL } from "~/lib/realtime.server";

/**
 * GET /admin/leads/events: server-sent events, one `lead` event per change to any lead, to admins only,
 * for as long as their session holds the admin role.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermissionOr404(request, "lead:read:any");
  return eventStream(request, {
    channel: LEADS_CHANNEL,
    eventName: "lead",
    userId: actor.id,
    stillAllowed: () => sessionStillGrants(actor, "lead:read:any"),
  });
}

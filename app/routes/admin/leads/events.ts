import type { Route } from "./+types/events";
import { requireAdminOr404 } from "~/features/auth/admin-resource.server";
import { sessionStillGrants } from "~/features/auth/sessions.server";
import { eventStream, LEADS_CHANNEL } from "~/lib/realtime.server";

/**
 * GET /admin/leads/events: server-sent events, one `lead` event per change to any lead, to admins only,
 * for as long as their session holds the admin role.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireAdminOr404(request);
  return eventStream(request, {
    channel: LEADS_CHANNEL,
    eventName: "lead",
    userId: actor.id,
    stillAllowed: () => sessionStillGrants(actor, "admin"),
  });
}

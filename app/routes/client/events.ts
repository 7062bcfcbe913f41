import type { Route } from "./+types/events";
import { requirePermissionOr404 } from "~/features/auth/access.server";
import { sessionStillGrants } from "~/features/auth/sessions.server";
import { clientLeadEvent } from "~/features/leads/leads.server";
import { eventStream, LEADS_CHANNEL } from "~/lib/realtime.server";

/**
 * GET /client/events: server-sent events for the signed-in client, one `lead` event per change to a lead
 * that is (or just was) theirs, for as long as their session holds the client role. 404 to everyone but
 * clients.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermissionOr404(request, "lead:read:own");
  return eventStream(request, {
    channel: LEADS_CHANNEL,
    eventName: "lead",
    userId: actor.id,
    stillAllowed: () => sessionStillGrants(actor, "lead:read:own"),
    select: (payload) => clientLeadEvent(payload, actor.id),
  });
}

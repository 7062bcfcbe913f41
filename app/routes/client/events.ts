import { data } from "react-router";
import type { Route } from "./+types/events";
import { getActor } from "~/features/auth/access.server";
import { eventStream, LEADS_CHANNEL } from "~/lib/realtime.server";

/**
 * GET /client/events: server-sent events for the signed-in client, one `lead` event per change to a lead
 * that is (or just was) theirs; nothing about anyone else's. 404 to everyone but clients.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await getActor(request);
  if (!actor?.isClient) throw data("Not found", { status: 404 });
  return eventStream(request, LEADS_CHANNEL, "lead", (payload) => {
    const { clients } = JSON.parse(payload) as { clients?: string[] };
    return clients?.includes(actor.id) ?? false;
  });
}

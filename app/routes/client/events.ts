import type { Route } from "./+types/events";
import { permittedEventStream } from "~/features/auth/permitted-stream.server";
import { clientLeadEvent } from "~/features/leads/lead-queries.server";
import { LEADS_CHANNEL } from "~/lib/realtime.server";

/**
 * GET /client/events: server-sent events for the signed-in client, one `lead` event per change to a lead
 * that is (or just was) theirs. 404 to everyone but clients.
 */
export const loader = ({ request }: Route.LoaderArgs) =>
  permittedEventStream(request, "lead:read:own", {
    channel: LEADS_CHANNEL,
    eventName: "lead",
    select: clientLeadEvent,
  });

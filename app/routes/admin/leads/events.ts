import type { Route } from "./+types/events";
import { permittedEventStream } from "~/features/auth/permitted-stream.server";
import { LEADS_CHANNEL } from "~/lib/realtime.server";

/** GET /admin/leads/events: server-sent events, one `lead` event per change to any lead, to admins only. */
export const loader = ({ request }: Route.LoaderArgs) =>
  permittedEventStream(request, "lead:read:any", { channel: LEADS_CHANNEL, eventName: "lead" });

import type { Route } from "./+types/events";
import { permittedEventStream } from "~/features/auth/permitted-stream.server";
import { WEBHOOKS_CHANNEL } from "~/lib/webhooks/delivery.server";

/** GET /admin/webhooks/events: one `webhook` event per delivery change of any client, to admins only. */
export const loader = ({ request }: Route.LoaderArgs) =>
  permittedEventStream(request, "webhook:manage:any", { channel: WEBHOOKS_CHANNEL, eventName: "webhook" });

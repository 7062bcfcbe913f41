import type { Route } from "./+types/settings-events";
import { permittedEventStream } from "~/features/auth/permitted-stream.server";
import { clientWebhookEvent } from "~/features/webhooks/webhooks.server";
import { WEBHOOKS_CHANNEL } from "~/lib/webhooks/delivery.server";

/** GET /client/settings/events: a `webhook` event when one of the client's own deliveries changes. */
export const loader = ({ request }: Route.LoaderArgs) =>
  permittedEventStream(request, "webhook:manage:own", {
    channel: WEBHOOKS_CHANNEL,
    eventName: "webhook",
    select: clientWebhookEvent,
  });

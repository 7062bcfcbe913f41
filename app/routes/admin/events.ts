import type { Route } from "./+types/events";
import { permittedEventStream } from "~/features/auth/permitted-stream.server";
import { SUBMISSIONS_CHANNEL } from "~/lib/realtime.server";

/** GET /admin/events: server-sent events, one `submission` event per new submission, to admins only. */
export const loader = ({ request }: Route.LoaderArgs) =>
  permittedEventStream(request, "submission:read:any", {
    channel: SUBMISSIONS_CHANNEL,
    eventName: "submission",
  });

import { actingClient, type Permission } from "~/lib/permissions";
import { eventStream, type EventStreamOptions } from "~/lib/realtime.server";
import { requirePermissionOr404 } from "./access.server";
import { sessionStillGrants } from "./sessions.server";

/**
 * A server-sent event stream for actors holding `permission` (404 for everyone else), open for as long
 * as their session still grants it: checked again at every heartbeat, so a removed role or a signed-out
 * session closes the stream. `select` sees the actor's client company to keep only its events (a stream
 * with a `select` is a client's: anyone else is refused).
 */
export async function permittedEventStream(
  request: Request,
  permission: Permission,
  options: Pick<EventStreamOptions, "channel" | "eventName"> & {
    select?: (payload: string, clientId: string) => string | null;
  },
): Promise<Response> {
  const actor = await requirePermissionOr404(request, permission);
  const { select } = options;
  const clientId = select ? actingClient(actor) : null;
  return eventStream(request, {
    channel: options.channel,
    eventName: options.eventName,
    userId: actor.id,
    stillAllowed: () => sessionStillGrants(actor, permission),
    ...(select && clientId ? { select: (payload: string) => select(payload, clientId) } : {}),
  });
}

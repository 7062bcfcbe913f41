import type { Permission } from "~/lib/permissions";
import { eventStream, type EventStreamOptions } from "~/lib/realtime.server";
import { requirePermissionOr404 } from "./access.server";
import { sessionStillGrants } from "./sessions.server";

/**
 * A server-sent event stream for actors holding `permission` (404 for everyone else), open for as long
 * as their session still grants it: checked again at every heartbeat, so a removed role or a signed-out
 * session closes the stream. `select` may see the actor's id to keep only their own events.
 */
export async function permittedEventStream(
  request: Request,
  permission: Permission,
  options: Pick<EventStreamOptions, "channel" | "eventName"> & {
    select?: (payload: string, actorId: string) => string | null;
  },
): Promise<Response> {
  const actor = await requirePermissionOr404(request, permission);
  const { select } = options;
  return eventStream(request, {
    channel: options.channel,
    eventName: options.eventName,
    userId: actor.id,
    stillAllowed: () => sessionStillGrants(actor, permission),
    ...(select ? { select: (payload: string) => select(payload, actor.id) } : {}),
  });
}

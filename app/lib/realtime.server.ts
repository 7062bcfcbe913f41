/**
 * Realtime through PostgreSQL LISTEN/NOTIFY: writers notify inside their transaction (delivered only if it
 * commits), and every server instance on the database hears it. Server-sent event streams subscribe here.
 */
import { sql } from "drizzle-orm";
import { databaseHandle } from "~/db/db.server";
import type { Transaction } from "./rate-limit.server";

export const SUBMISSIONS_CHANNEL = "submissions";
/** Lead changes: `{ leadId, clients }`, the clients whose portal shows the lead (before and after). */
export const LEADS_CHANNEL = "leads";

export async function notify(
  tx: Transaction,
  channel: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${JSON.stringify(payload)})`);
}

/** Open event streams, ended when the server shuts down so it does not wait on them. */
const openStreams = new Set<() => void>();

export function closeAllEventStreams(): void {
  for (const close of openStreams) close();
}

export const HEARTBEAT_MS = 25_000;

/**
 * A text/event-stream response that forwards every notification on `channel` as an event named
 * `eventName` (only those `include` accepts, when given), with a comment line every 25 seconds so proxies
 * keep the connection open.
 */
export async function eventStream(
  request: Request,
  channel: string,
  eventName: string,
  include: (payload: string) => boolean = () => true,
): Promise<Response> {
  const handle = await databaseHandle();
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const unsubscribe = await handle.listen(channel, (payload) => {
        if (include(payload)) send(`event: ${eventName}\ndata: ${payload}\n\n`);
      });
      const heartbeat = setInterval(() => send(`: heartbeat\n\n`), HEARTBEAT_MS);
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        openStreams.delete(cleanup);
        void unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      openStreams.add(cleanup);
      request.signal.addEventListener("abort", cleanup);
      // Tell the browser how long to wait before reconnecting, and that the stream is live.
      send(`retry: 2000\nevent: ready\ndata: {}\n\n`);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
}

/**
 * Realtime through PostgreSQL LISTEN/NOTIFY: writers notify inside their transaction (delivered only if it
 * commits), and every server instance on the database hears it. Server-sent event streams subscribe here.
 */
import { sql } from "drizzle-orm";
import { databaseHandle } from "~/db/db.server";
import type { Queryable } from "~/db/client.server";

export const SUBMISSIONS_CHANNEL = "submissions";
/** Lead changes: `{ leadId, clients }`, the clients whose portal shows the lead (before and after). */
export const LEADS_CHANNEL = "leads";

export async function notify(
  tx: Queryable,
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

/** How many event streams this process holds open (metrics). */
export function openEventStreamCount(): number {
  return openStreams.size;
}

/** Open streams per user in this process (see MAX_STREAMS_PER_USER). */
const streamsPerUser = new Map<string, number>();

/**
 * A user may hold this many streams at once (a few tabs); one more is refused with 429 rather than
 * closing an older one, which the browser would reopen at once, and so on round the tabs (ADR 012).
 */
export const MAX_STREAMS_PER_USER = 5;

export const HEARTBEAT_MS = 25_000;
let heartbeatMs = HEARTBEAT_MS;

/** Tests shorten the heartbeat (and so the re-check of the session) instead of waiting 25 seconds. */
export function setHeartbeatInterval(ms: number = HEARTBEAT_MS): void {
  heartbeatMs = ms;
}

export interface EventStreamOptions {
  channel: string;
  /** The SSE event name each forwarded notification gets. */
  eventName: string;
  /** Whose stream this is: counted against MAX_STREAMS_PER_USER. */
  userId: string;
  /**
   * Asked at every heartbeat: is the session that opened the stream still good for it (not signed out or
   * expired, user not disabled, role still held)? False, or a failure to tell, ends the stream.
   */
  stillAllowed: () => Promise<boolean>;
  /**
   * The data to send for a notification's payload, or null to send nothing. By default the payload as it
   * came; streams for clients pass only what concerns that client.
   */
  select?: (payload: string) => string | null;
}

function tooManyStreams(): Response {
  return new Response("Too many live connections are open for this account. Close a tab and try again.", {
    status: 429,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": "30",
    },
  });
}

/**
 * A text/event-stream response that forwards the notifications on `channel` as events named `eventName`,
 * with a comment line every heartbeat (25 seconds) so proxies keep the connection open. At each heartbeat
 * the session is checked again; when it no longer holds, an `end` event is sent and the stream closes.
 */
export async function eventStream(request: Request, options: EventStreamOptions): Promise<Response> {
  const { channel, eventName, userId, stillAllowed, select = (payload) => payload } = options;
  const open = streamsPerUser.get(userId) ?? 0;
  if (open >= MAX_STREAMS_PER_USER) return tooManyStreams();
  // Taken before anything is awaited, so parallel requests cannot all slip under the cap.
  streamsPerUser.set(userId, open + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (streamsPerUser.get(userId) ?? 1) - 1;
    if (left > 0) streamsPerUser.set(userId, left);
    else streamsPerUser.delete(userId);
  };

  let handle: Awaited<ReturnType<typeof databaseHandle>>;
  try {
    handle = await databaseHandle();
  } catch (error) {
    release();
    throw error;
  }
  const encoder = new TextEncoder();
  let cleanup = () => release();
  /** Cancelled by the reader, possibly before `start` has subscribed. */
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      // Events wait for a check of the session that starts after they arrived: a member removed a moment
      // ago gets nothing more (the heartbeat alone left 25 seconds). One check serves every event that
      // arrived before it started, so a burst costs one query.
      let waiting: string[] = [];
      let checkingEvents = false;
      const forwardWaiting = async () => {
        checkingEvents = true;
        while (waiting.length && !closed) {
          const batch = waiting;
          waiting = [];
          const allowed = await stillAllowed().catch(() => false);
          if (!allowed) return endStream();
          for (const data of batch) send(`event: ${eventName}\ndata: ${data}\n\n`);
        }
        checkingEvents = false;
      };
      let unsubscribe: () => Promise<void>;
      try {
        unsubscribe = await handle.listen(channel, (payload) => {
          const data = select(payload);
          if (data === null || closed) return;
          waiting.push(data);
          if (!checkingEvents) void forwardWaiting();
        });
      } catch (error) {
        release();
        throw error;
      }
      // A reader gone while the subscription was being made: its controller is closed, nothing may be sent.
      if (cancelled) return void unsubscribe();
      let checking = false;
      const heartbeat = setInterval(() => {
        if (checking || closed) return;
        checking = true;
        stillAllowed()
          .catch(() => false)
          .then((allowed) => {
            if (allowed) send(`: heartbeat\n\n`);
            else endStream();
          })
          .finally(() => (checking = false));
      }, heartbeatMs);
      // The page reloads its data on `end`, which takes a signed-out visitor to sign-in.
      function endStream() {
        send(`event: end\ndata: {}\n\n`);
        cleanup();
      }
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        openStreams.delete(cleanup);
        release();
        void unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      openStreams.add(cleanup);
      if (request.signal.aborted) cleanup();
      request.signal.addEventListener("abort", cleanup);
      // Tell the browser how long to wait before reconnecting, and that the stream is live.
      send(`retry: 2000\nevent: ready\ndata: {}\n\n`);
    },
    cancel() {
      cancelled = true;
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

/** How many event streams `userId` holds open in this process (for tests and diagnostics). */
export function openStreamCount(userId: string): number {
  return streamsPerUser.get(userId) ?? 0;
}

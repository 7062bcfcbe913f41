/**
 * A webhook receiver on 127.0.0.1 for tests and benchmarks: records every request (headers, raw body, when
 * it arrived, the status it answered) and answers with whatever `respond` says (200 by default). `stop()`
 * and `start()` take it down and bring it back on the same port (a receiver that is down, then up).
 * `startSilentEndpoint` is the other kind: it accepts connections and never answers.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Date.now() when the whole request had arrived. */
  at: number;
  status: number;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedRequest[];
  /** The status to answer a request with (it may also wait, to test the timeout). */
  respond: (request: Omit<ReceivedRequest, "status" | "at">) => number | Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startWebhookReceiver(path = "/hooks/leadworks"): Promise<WebhookReceiver> {
  let server: http.Server | undefined;
  let port = 0;
  const receiver: WebhookReceiver = {
    url: "",
    port: 0,
    received: [],
    respond: () => 200,
    async start() {
      if (server) return;
      server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", async () => {
          const at = Date.now();
          const request = {
            method: req.method ?? "",
            path: req.url ?? "",
            headers: req.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          };
          const status = await receiver.respond(request);
          if (res.destroyed) return;
          receiver.received.push({ ...request, at, status });
          res.writeHead(
            status,
            status >= 300 && status < 400 ? { Location: "http://127.0.0.1:9/elsewhere" } : {},
          );
          res.end();
        });
      });
      server.keepAliveTimeout = 1;
      await new Promise<void>((resolve, reject) => {
        server!.once("error", reject);
        server!.listen(port, "127.0.0.1", resolve);
      });
      port = (server.address() as AddressInfo).port;
      receiver.port = port;
      receiver.url = `http://127.0.0.1:${port}${path}`;
    },
    async stop() {
      const closing = server;
      server = undefined;
      if (!closing) return;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
  await receiver.start();
  return receiver;
}

/** An endpoint that accepts connections, reads what is sent and never answers (nor completes TLS). */
export interface SilentEndpoint {
  /** http://127.0.0.1:<port>/silent (an https:// URL on the same port never gets past the handshake). */
  url: string;
  port: number;
  /** Connections open now. */
  open(): number;
  /** The most connections open at once since the start (or the last `resetMaxOpen`). */
  maxOpen(): number;
  resetMaxOpen(): void;
  /** Connections accepted since the start. */
  accepted(): number;
  stop(): Promise<void>;
}

export async function startSilentEndpoint(): Promise<SilentEndpoint> {
  const sockets = new Set<net.Socket>();
  let maxOpen = 0;
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    maxOpen = Math.max(maxOpen, sockets.size);
    socket.resume();
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/silent`,
    port,
    open: () => sockets.size,
    maxOpen: () => maxOpen,
    resetMaxOpen: () => void (maxOpen = sockets.size),
    accepted: () => accepted,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

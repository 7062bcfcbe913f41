/**
 * A webhook receiver on 127.0.0.1 for tests and benchmarks: records every request (headers, raw body, the
 * status it answered) and answers with whatever `respond` says (200 by default). `stop()` and `start()`
 * take it down and bring it back on the same port (a receiver that is down, then up).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  status: number;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedRequest[];
  /** The status to answer a request with (it may also wait, to test the timeout). */
  respond: (request: Omit<ReceivedRequest, "status">) => number | Promise<number>;
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
          const request = {
            method: req.method ?? "",
            path: req.url ?? "",
            headers: req.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          };
          const status = await receiver.respond(request);
          if (res.destroyed) return;
          receiver.received.push({ ...request, status });
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

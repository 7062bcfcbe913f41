/**
 * The Node server: hashed assets and prerendered pages from memory, exact-path redirects, /healthz,
 * security headers, compression, and React Router for everything else. Built by Vite as the SSR entry
 * (vite.config.ts) and started by server/start.js.
 */
import crypto from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import zlib from "node:zlib";
import { createReadableStreamFromReadable } from "@react-router/node";
import { createRequestHandler, type ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { closeDatabase, databaseHandle } from "~/db/db.server";
import { DataDirLockedError } from "~/db/dir-lock.server";
import { env, type Env } from "~/lib/env.server";
import { startMailWorker } from "~/lib/mail/outbox.server";
import { fileTransport, smtpTransport } from "~/lib/mail/transports.server";
import { hasPersonalCookie } from "~/lib/personal-cookies";
import { pruneRateLimitHits } from "~/lib/rate-limit.server";
import { closeAllEventStreams } from "~/lib/realtime.server";
import { baseSecurityHeaders, contentSecurityPolicy } from "~/lib/security-headers";
import { prerenderPaths, redirects } from "~/public-routes";
import { preferredEncoding, sendMemoryFile } from "./http-util";
import { prerenderPages, type PrerenderedPage } from "./prerender";
import { loadStaticFiles, type MemoryFile } from "./static-files";

const serverBuild = build as unknown as ServerBuild;
const handleWithRouter = createRequestHandler(serverBuild, "production");

const compressibleType =
  /^(text\/(html|plain|css|xml|javascript|x-script)|application\/(json|xml|javascript))/;

export interface RunningServer {
  server: http.Server;
  url: string;
  shutdown(reason: string): Promise<void>;
}

function clientAddress(req: IncomingMessage, config: Env): string {
  const header = config.TRUST_PROXY === "off" ? undefined : req.headers[config.TRUST_PROXY];
  const value = Array.isArray(header) ? header[0] : header;
  // With one trusted proxy in front, the last X-Forwarded-For entry is the address it saw.
  const fromProxy = value?.split(",").pop()?.trim();
  return fromProxy || req.socket.remoteAddress || "unknown";
}

function toWebRequest(req: IncomingMessage, res: ServerResponse, origin: string): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  } as RequestInit);
}

async function sendWebResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  const type = response.headers.get("content-type") ?? "";
  const encoding = preferredEncoding(req);
  const compress =
    response.body &&
    encoding !== "identity" &&
    compressibleType.test(type) &&
    !response.headers.has("content-encoding");
  if (compress) {
    headers["content-encoding"] = encoding;
    headers["vary"] = "Accept-Encoding";
    delete headers["content-length"];
  }
  res.writeHead(response.status, headers);
  if (!response.body || req.method === "HEAD") {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as WebReadableStream);
  if (!compress) {
    await pipeline(body, res);
    return;
  }
  // Sync-flush each chunk so streamed HTML reaches the browser as React writes it.
  const compressor =
    encoding === "br"
      ? zlib.createBrotliCompress({
          flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
        })
      : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
  await pipeline(body, compressor, res);
}

export async function startServer(): Promise<RunningServer> {
  const config = env();
  const https = config.SITE_URL.startsWith("https://");
  const securityHeaders = baseSecurityHeaders({ https });
  const database = await databaseHandle();
  const mailWorker = startMailWorker({
    db: database.db,
    transport: config.SMTP_URL
      ? smtpTransport(config.SMTP_URL)
      : fileTransport(path.join(config.DATA_DIR, "mail")),
    from: config.MAIL_FROM,
  });
  const pruneTimer = setInterval(
    () => void pruneRateLimitHits(database.db).catch(() => undefined),
    3_600_000,
  );
  pruneTimer.unref();
  const buildDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "client");
  const staticFiles: Map<string, MemoryFile> = loadStaticFiles(buildDir);

  const render = (request: Request, cspNonce?: string, clientIp = "127.0.0.1") =>
    handleWithRouter(request, { cspNonce, clientIp });
  const started = Date.now();
  const pages: Map<string, PrerenderedPage> = await prerenderPages(
    prerenderPaths,
    (request) => render(request),
    "http://localhost",
    {},
  );
  console.log(`[server] rendered ${pages.size} static pages in ${Date.now() - started} ms`);

  let inFlight = 0;
  let shuttingDown = false;
  let idleResolve: (() => void) | undefined;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    const method = req.method ?? "GET";
    const rawUrl = req.url ?? "/";
    const queryAt = rawUrl.indexOf("?");
    const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
    const readOnly = method === "GET" || method === "HEAD";

    if (readOnly) {
      if (pathname === "/healthz") {
        const healthy = await Promise.race([
          database.ping().then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref()),
        ]).catch(() => false);
        res.writeHead(healthy ? 200 : 503, {
          "Content-Type": "application/json",
          "Cache-Control": "no-store",
        });
        res.end(JSON.stringify({ status: healthy ? "ok" : "unavailable", database: database.kind }));
        return;
      }
      const target = redirects[pathname];
      if (target) {
        res.writeHead(301, { Location: target + (queryAt === -1 ? "" : rawUrl.slice(queryAt)) });
        res.end();
        return;
      }
      const file = staticFiles.get(pathname);
      if (file) {
        sendMemoryFile(req, res, file);
        return;
      }
      const page = queryAt === -1 && !hasPersonalCookie(req.headers.cookie) ? pages.get(pathname) : undefined;
      if (page) {
        sendMemoryFile(req, res, page, page.status, page.csp ? { "Content-Security-Policy": page.csp } : {});
        return;
      }
    } else {
      // Mutations must come from our own pages: browsers send Origin and Sec-Fetch-Site on every POST.
      const origin = req.headers.origin;
      const host = req.headers.host;
      const fetchSite = req.headers["sec-fetch-site"];
      const foreignOrigin =
        origin !== undefined &&
        origin !== "null" &&
        new URL(origin).host !== host &&
        origin !== config.SITE_URL;
      if (foreignOrigin || fetchSite === "cross-site") {
        res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("Cross-site request refused.");
        return;
      }
    }

    const nonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce }));
    const proto =
      config.TRUST_PROXY !== "off" && req.headers["x-forwarded-proto"] === "https" ? "https" : "http";
    const request = toWebRequest(req, res, `${proto}://${req.headers.host ?? "localhost"}`);
    const response = await render(request, nonce, clientAddress(req, config));
    await sendWebResponse(req, res, response);
  }

  const server = http.createServer((req, res) => {
    inFlight++;
    handle(req, res)
      .catch((error: unknown) => {
        // A client that went away mid-response is not an error of ours.
        if ((error as NodeJS.ErrnoException)?.code === "ERR_STREAM_PREMATURE_CLOSE") return;
        console.error("[server] request failed:", req.method, req.url, error);
        if (!res.headersSent) {
          res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
          res.end("There was an unexpected error. Please try again.");
        } else {
          res.destroy();
        }
      })
      .finally(() => {
        inFlight--;
        if (inFlight === 0) idleResolve?.();
      });
  });
  server.keepAliveTimeout = 5000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const url = `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}`;

  async function shutdown(reason: string): Promise<void> {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`[server] ${reason}: finishing ${inFlight} request(s) in flight, then stopping`);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    closeAllEventStreams();
    server.closeIdleConnections();
    if (inFlight > 0) {
      await Promise.race([
        new Promise<void>((resolve) => (idleResolve = resolve)),
        new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref()),
      ]);
    }
    server.closeAllConnections();
    await closed;
    clearInterval(pruneTimer);
    await mailWorker.stop();
    await closeDatabase();
    console.log("[server] stopped");
  }

  return { server, url, shutdown };
}

/** Entry used by server/start.js: start, report clearly, stop cleanly on SIGINT/SIGTERM. */
export async function main(): Promise<void> {
  let running: RunningServer;
  try {
    const config = env();
    running = await startServer();
    const where = config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.DATA_DIR}`;
    console.log(`[server] Leadworks is running at ${running.url} (database: ${where})`);
  } catch (error) {
    const message =
      error instanceof DataDirLockedError ||
      (error instanceof Error && error.message.startsWith("Invalid environment"))
        ? error.message
        : `Could not start: ${(error as Error)?.stack ?? String(error)}`;
    console.error(`[server] ${message}`);
    await closeDatabase().catch(() => undefined);
    process.exit(1);
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      running
        .shutdown(`received ${signal}`)
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          console.error("[server] shutdown failed:", error);
          process.exit(1);
        });
    });
  }
}

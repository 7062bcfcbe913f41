/**
 * The Node server: hashed assets and prerendered pages from memory, exact-path redirects, the ops
 * endpoints (/healthz, /readyz, /metrics), security headers, compression, one log line per request, and
 * React Router for everything else. Built by Vite as the SSR entry
 * (vite.config.ts) and started by server/start.js.
 */
import crypto from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import type { Readable, Duplex } from "node:stream";
import { createRequestHandler, type ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { PGLITE_DIR } from "~/db/client.server";
import { closeDatabase, databaseHandle } from "~/db/db.server";
import { DataDirLockedError, LOCK_NAME } from "~/db/dir-lock.server";
import { installationOf } from "~/db/installation.server";
import { SECRET_FILE } from "~/lib/auth-secret.server";
import { env } from "~/lib/env.server";
import { objectStore } from "~/lib/files/object-store.server";
import { startJobs } from "~/lib/jobs/runtime.server";
import { objectKeyPrefix } from "~/lib/files/stored-files.server";
import { configureLogging, log, runInRequestScope } from "~/lib/log.server";
import { fileTransport, MAIL_DIR, smtpTransport } from "~/lib/mail/transports.server";
import { smsTransportFromEnv } from "~/lib/sms/sms.server";
import { hasPersonalCookie } from "~/lib/personal-cookies";
import { tightenPrivatePaths } from "~/db/private-files.server";
import { closeAllEventStreams, openEventStreamCount } from "~/lib/realtime.server";
import { baseSecurityHeaders, contentSecurityPolicy } from "~/lib/security-headers";
import { prerenderPaths, redirects } from "~/public-routes";
import { sendMemoryFile } from "./http-util";
import { createMetrics } from "./metrics";
import { answerOps, isOpsPath, metricsAccess, RETRY_AFTER_SECONDS, type OpsContext } from "./ops";
import { backgroundJobs } from "./jobs";
import { prerenderPages, type PrerenderedPage } from "./prerender";
import { cappedBodyStream, type CappedBody } from "./request-body";
import {
  closeAfterLinger,
  CLIENT_ERROR_LINGER_MS,
  drainBody,
  dropRestOfBody,
  readFormBody,
  refuse,
} from "./bodies";
import { clientAddress, requestOrigin, sendWebResponse, toWebRequest } from "./node-web";
import { withRefusalAnswers } from "./refusals";
import { checkRequest, isRefusal, routeFactsFor, tooLarge } from "./request-guard";
import { startRequestRecord, type RequestRecord } from "./request-log";
import { loadStaticFiles, type MemoryFile } from "./static-files";
import { databaseAnswers, unavailableAnswer } from "./unavailable";

/** React Router with what the request guard knows of its routes, for one build. */
interface Router {
  handle: ReturnType<typeof createRequestHandler>;
  routeFacts: ReturnType<typeof routeFactsFor>;
}

function routerFor(raw: ServerBuild, mode: "production" | "development"): Router {
  // Data-layer refusals answer 403/404, not 500 (refusals.ts, ADR 015).
  const serverBuild = withRefusalAnswers(raw);
  return { handle: createRequestHandler(serverBuild, mode), routeFacts: routeFactsFor(serverBuild) };
}

/**
 * What `npm run dev` hands the server (server/dev.js): Vite's middleware for the modules and assets it
 * serves while developing, and the current build (it changes as files are edited). Everything else, the
 * jobs, the request guard and the refusals, is the production server's own.
 */
export interface DevServer {
  middlewares: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  build: () => Promise<ServerBuild>;
  close: () => Promise<void>;
}

/** How long a shutdown waits for the requests in flight, and then for the background work in flight. */
const SHUTDOWN_BOUND_MS = 10_000;

export interface RunningServer {
  server: http.Server;
  url: string;
  shutdown(reason: string): Promise<void>;
}

/** DATA_DIR and what we keep in it are private to this user; say so once if an older run left them open. */
function secureDataDir(dataDir: string): void {
  const mailDir = path.join(dataDir, MAIL_DIR);
  const line = tightenPrivatePaths(dataDir, {
    dirs: [dataDir, path.join(dataDir, PGLITE_DIR), mailDir],
    files: [path.join(dataDir, SECRET_FILE), path.join(dataDir, LOCK_NAME)],
    fileDirs: [mailDir],
  });
  if (line) log.info(line);
}

export async function startServer(dev?: DevServer): Promise<RunningServer> {
  const config = env();
  let router = routerFor(build as unknown as ServerBuild, dev ? "development" : "production");
  let routerBuild: unknown = build;
  /** The router of the current build: in development, rebuilt when Vite hands over an edited one. */
  async function currentRouter(): Promise<Router> {
    if (!dev) return router;
    const fresh = await dev.build();
    if (fresh !== routerBuild) {
      routerBuild = fresh;
      router = routerFor(fresh, "development");
    }
    return router;
  }
  const https = config.SITE_URL.startsWith("https://");
  const securityHeaders = baseSecurityHeaders({ https });
  secureDataDir(config.DATA_DIR);
  const database = await databaseHandle();
  const logMailLinks = !config.SMTP_URL && config.LOG_MAIL_LINKS === "on";
  if (logMailLinks) {
    log.warn("[mail] LOG_MAIL_LINKS=on: e-mail links, with their tokens, go to this log (development only)");
  }
  if (config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES) {
    log.info("[webhooks] WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true: webhooks may reach private addresses");
  }
  const fileStore = await objectStore();
  if (fileStore) {
    const prefix = objectKeyPrefix(await installationOf(database.db));
    log.info(`[files] FILE_STORAGE=s3: new uploads go to the bucket under ${prefix}`);
  }
  const smsTransport = smsTransportFromEnv();
  if (smsTransport)
    log.info(`[sms] SMS_PROVIDER=${config.SMS_PROVIDER}: text messages go from ${config.TWILIO_FROM}`);
  const jobs = startJobs(
    database.db,
    backgroundJobs({
      sms: smsTransport,
      database,
      mail: {
        transport: config.SMTP_URL
          ? smtpTransport(config.SMTP_URL)
          : fileTransport(path.join(config.DATA_DIR, MAIL_DIR), { logLinks: logMailLinks }),
        from: config.MAIL_FROM,
      },
      webhooksAllowPrivate: config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
      fileStore,
    }),
  );
  // In development Vite serves the assets, and pages render on every request (so edits show).
  const buildDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "client");
  const staticFiles: Map<string, MemoryFile> = dev ? new Map() : loadStaticFiles(buildDir);

  const render = async (request: Request, cspNonce?: string, clientIp = "127.0.0.1") =>
    (await currentRouter()).handle(request, { cspNonce, clientIp });
  const started = Date.now();
  const pages: Map<string, PrerenderedPage> = dev
    ? new Map()
    : await prerenderPages(prerenderPaths, (request) => render(request), "http://localhost", {});
  if (!dev) log.info(`[server] rendered ${pages.size} static pages in ${Date.now() - started} ms`);

  let inFlight = 0;
  let shuttingDown = false;
  let idleResolve: (() => void) | undefined;

  const metrics = createMetrics({ database, eventStreams: openEventStreamCount, jobs });
  const ops: OpsContext = {
    database,
    jobs,
    fileStore,
    stopping: () => shuttingDown,
    metrics,
    access: metricsAccess(config),
  };

  /** A request that failed while the database does not answer: 503 with Retry-After (unavailable.ts). */
  function answerUnavailable(res: ServerResponse, pathname: string, record: RequestRecord): void {
    record.refusal = record.overBudget ? "statement over its time" : "database unavailable";
    const answer = unavailableAnswer(pathname);
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, record: RequestRecord): Promise<void> {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    const method = req.method ?? "GET";
    const rawUrl = req.url ?? "/";
    const queryAt = rawUrl.indexOf("?");
    const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);

    if (method === "GET" || method === "HEAD") {
      // A GET or HEAD that carries a body (careless or hostile clients) has it read first, as a refusal's
      // is: answering over unread bytes and closing would reset the connection and lose the answer.
      if (req.headers["transfer-encoding"] || Number(req.headers["content-length"] ?? 0) > 0) {
        await drainBody(req);
      }
      if (isOpsPath(pathname)) {
        record.route = pathname;
        record.quiet = true;
        const answer = await answerOps(
          pathname,
          { authorization: req.headers.authorization, address: clientAddress(req, config) },
          ops,
        );
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers);
        res.end(method === "HEAD" ? undefined : answer.body);
        return;
      }
      const target = redirects[pathname];
      if (target) {
        record.route = "redirect";
        res.writeHead(301, { Location: target + (queryAt === -1 ? "" : rawUrl.slice(queryAt)) });
        res.end();
        return;
      }
      if (dev && (await viteServed(dev, req, res))) {
        record.route = "vite";
        record.quiet = true;
        return;
      }
      const file = staticFiles.get(pathname);
      if (file) {
        record.route = "static";
        sendMemoryFile(req, res, file);
        return;
      }
      const page = queryAt === -1 && !hasPersonalCookie(req.headers.cookie) ? pages.get(pathname) : undefined;
      if (page) {
        record.route = pathname;
        sendMemoryFile(req, res, page, page.status, page.csp ? { "Content-Security-Policy": page.csp } : {});
        return;
      }
    }

    const checked = checkRequest(req, (await currentRouter()).routeFacts, config.SITE_URL);
    if (isRefusal(checked)) {
      await refuse(req, res, checked, record);
      return;
    }
    record.route = checked.facts.pattern;
    let body: Buffer | Readable | undefined;
    let upload: CappedBody | undefined;
    let overflowed = false;
    if (method === "POST") {
      if (checked.facts.uploadLimit !== undefined) {
        upload = cappedBodyStream(req, checked.bodyLimit, () => (overflowed = true));
        body = upload.stream;
      } else {
        const read = await readFormBody(req, checked.bodyLimit, checked.facts.apiLimit !== undefined);
        if (!Buffer.isBuffer(read)) {
          await refuse(req, res, read, record);
          return;
        }
        body = read;
      }
    }

    const nonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce, development: Boolean(dev) }));
    const request = toWebRequest(req, res, requestOrigin(req, config), body);
    const response = await render(request, nonce, clientAddress(req, config));
    // Over its statement budget (entry.server.tsx marks it), or the database not answering: 503 with
    // Retry-After, not a bug of ours; every other request keeps being served meanwhile.
    if (response.status >= 500 && (record.overBudget || !(await databaseAnswers(database.ping)))) {
      await response.body?.cancel();
      answerUnavailable(res, pathname, record);
      return;
    }
    // A page's own 503 (its data could not be read: the lead list, the admin home) says when to retry too.
    if (response.status === 503 && !response.headers.has("retry-after")) {
      response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
    }
    // An upload past its limit is 413 whatever the action made of the cut-off body; the action's own
    // 413 (with the form and its message) is kept.
    if (overflowed && response.status !== 413) {
      await response.body?.cancel();
      await refuse(req, res, tooLarge(checked.bodyLimit), record);
      return;
    }
    await sendWebResponse(req, res, response, hasPersonalCookie(req.headers.cookie));
    if (upload && !overflowed) dropRestOfBody(req, checked.bodyLimit - upload.received());
  }

  const server = http.createServer((req, res) => {
    inFlight++;
    const record = startRequestRecord(req, res, metrics.observeRequest);
    // Everything logged while handling the request carries its id.
    runInRequestScope(record, () => handle(req, res, record))
      .catch((error: unknown) => {
        // A client that went away mid-request or mid-response is not an error of ours: its line says
        // `aborted`.
        if ((error as NodeJS.ErrnoException)?.code === "ERR_STREAM_PREMATURE_CLOSE" || req.socket.destroyed)
          return;
        log.error({ err: error, reqId: record.id }, "[server] request failed");
        if (res.headersSent) {
          res.destroy();
          return;
        }
        return databaseAnswers(database.ping).then((answers) => {
          if (res.headersSent || res.destroyed) return;
          if (!answers) return answerUnavailable(res, req.url ?? "/", record);
          res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
          res.end("There was an unexpected error. Please try again.");
        });
      })
      .finally(() => {
        // Answered before the whole body arrived (a refusal, a GET with a body, an upload over its limit).
        closeAfterLinger(req);
        inFlight--;
        if (inFlight === 0) idleResolve?.();
      });
  });
  server.keepAliveTimeout = 5000;
  // A request Node cannot parse (headers over 16 KB, broken chunking): Node's own answer, but then a
  // lingering close like closeAfterLinger's. Destroying the socket over the client's unread bytes would
  // reset the connection, and the reset can discard the answer before the client reads it.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Node's own handler checks the same private field: a response already under way is not answered twice.
    const answered = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
      ?.headersSent;
    // Node reports the rest of the bytes of a request it gave up on again: already answered, still lingering.
    if (socket.writableEnded) return;
    if (error.code === "ECONNRESET" || !socket.writable || answered) {
      socket.destroy();
      return;
    }
    const status =
      error.code === "HPE_HEADER_OVERFLOW"
        ? "431 Request Header Fields Too Large"
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? "408 Request Timeout"
          : "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.on("error", () => socket.destroy());
    socket.resume();
    setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
  });

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
    log.info(`[server] ${reason}: finishing ${inFlight} request(s) in flight, then stopping`);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    closeAllEventStreams();
    server.closeIdleConnections();
    if (inFlight > 0) {
      await Promise.race([
        new Promise<void>((resolve) => (idleResolve = resolve)),
        new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_BOUND_MS).unref()),
      ]);
    }
    server.closeAllConnections();
    await closed;
    await jobs.stop(SHUTDOWN_BOUND_MS);
    await dev?.close();
    await closeDatabase();
    log.info("[server] stopped");
    log.flush();
  }

  return { server, url, shutdown };
}

/**
 * Lets Vite answer what it serves in development (modules, its client, public files); true when it did.
 * Whatever it passes on is ours, as in production.
 */
function viteServed(dev: DevServer, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const answered = () => resolve(true);
    res.once("finish", answered);
    dev.middlewares(req, res, (error) => {
      res.off("finish", answered);
      if (error) reject(error as Error);
      else resolve(false);
    });
  });
}

/**
 * Entry used by server/start.js (and, with Vite's hooks, by server/dev.js): start, report clearly, stop
 * cleanly on SIGINT/SIGTERM.
 */
export async function main(dev?: DevServer): Promise<void> {
  let running: RunningServer;
  try {
    const config = env();
    configureLogging({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
    running = await startServer(dev);
    const where = config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.DATA_DIR}`;
    log.info(`[server] Leadworks is running at ${running.url} (database: ${where})`);
  } catch (error) {
    const message =
      error instanceof DataDirLockedError ||
      (error instanceof Error && error.message.startsWith("Invalid environment"))
        ? error.message
        : `Could not start: ${(error as Error)?.stack ?? String(error)}`;
    log.fatal(`[server] ${message}`);
    log.flush();
    await closeDatabase().catch(() => undefined);
    process.exit(1);
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      running
        .shutdown(`received ${signal}`)
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          log.fatal({ err: error }, "[server] shutdown failed");
          process.exit(1);
        });
    });
  }
}

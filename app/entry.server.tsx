import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { configureDatabase } from "~/db/db.server";
import { isStatementTimeout } from "~/db/query-errors";
import { databaseTargetFromEnv, env } from "~/lib/env.server";
import { currentRequestScope, log } from "~/lib/log.server";
import { NonceProvider } from "~/lib/nonce";
import type { ServerLoadContext } from "~/lib/request-context";

// The app's server entry (production server and dev server alike) says where the database is, and how
// long one of its statements may run (PostgreSQL; the command-line tools have no such bound).
configureDatabase(() => {
  const target = databaseTargetFromEnv();
  return target.kind === "postgres"
    ? { ...target, statementTimeoutMs: env().DATABASE_STATEMENT_TIMEOUT_MS }
    : target;
});

export const streamTimeout = 5_000;

/** A loader, action or render that threw: one error line with its stack (an aborted request is not one). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const where = `${request.method} ${new URL(request.url).pathname}`;
  if (isStatementTimeout(error)) {
    // Over its budget: the server answers 503 with Retry-After (server/app.ts), not a bug of ours.
    const scope = currentRequestScope();
    if (scope) scope.overBudget = true;
    log.warn(`[server] ${where}: a database statement ran past its time and was cancelled`);
    return;
  }
  log.error({ err: error }, `[server] ${where} failed`);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as ServerLoadContext).cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and prerendering wait for the whole document; browsers get the shell as soon as it is ready.
    const readyEvent =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are reported by the error boundary; log them here once.
          if (shellRendered) log.error({ err: error }, "[render] error after the page started streaming");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * The endpoints for whoever runs the service, answered before anything else (no rate limit, no session,
 * never cached, not in the sitemap, not counted in the request metrics):
 *
 * - `/healthz`: the process is alive and answering. No database work, so a slow database never gets a
 *   healthy process restarted.
 * - `/readyz`: it can serve: the database answers, every migration of this build is applied, every queue
 *   worker of the job runtime runs (mail, webhooks, imports: none stopped or stalled), the file bucket
 *   answers (FILE_STORAGE=s3), and it is not shutting down. 503 with `Retry-After` and what is wrong
 *   otherwise. The database and bucket checks are reused for a second (READY_CACHE_MS).
 * - `/metrics`: Prometheus text, only with `Authorization: Bearer METRICS_TOKEN` or from an address in
 *   METRICS_ALLOW; anyone else gets the same 404 as an unknown path.
 */
import crypto from "node:crypto";
import { appliedMigrations, knownMigrations, type DatabaseHandle } from "~/db/client.server";
import { parseAddressList, type AddressList } from "~/lib/address-list";
import type { Env } from "~/lib/env.server";
import type { ObjectStore } from "~/lib/files/object-store.server";
import type { JobsView } from "~/lib/jobs/runtime.server";
import type { Metrics } from "./metrics";
import { withTimeout } from "./timeout";

export const OPS_PATHS = ["/healthz", "/readyz", "/metrics"] as const;
export type OpsPath = (typeof OPS_PATHS)[number];

export function isOpsPath(pathname: string): pathname is OpsPath {
  return (OPS_PATHS as readonly string[]).includes(pathname);
}

export interface OpsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface OpsContext {
  database: DatabaseHandle;
  /** The background jobs: each queue worker's state is a readiness check of its own. */
  jobs: Pick<JobsView, "workerStates">;
  /** The file bucket when FILE_STORAGE=s3: a cheap HeadBucket tells it answers. */
  fileStore?: Pick<ObjectStore, "check"> | null;
  /** True once the server has begun to shut down. */
  stopping(): boolean;
  metrics: Metrics;
  access: MetricsAccess;
}

/** Who may read /metrics. Neither set: nobody (the endpoint does not exist). */
export interface MetricsAccess {
  tokenHash?: Buffer;
  allow?: AddressList;
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest();

export function metricsAccess(config: Pick<Env, "METRICS_TOKEN" | "METRICS_ALLOW">): MetricsAccess {
  return {
    tokenHash: config.METRICS_TOKEN ? sha256(config.METRICS_TOKEN) : undefined,
    allow: config.METRICS_ALLOW ? parseAddressList(config.METRICS_ALLOW) : undefined,
  };
}

/** The bearer token matches (compared in constant time), or the address is allowed. */
export function mayReadMetrics(
  access: MetricsAccess,
  request: { authorization?: string; address: string },
): boolean {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization ?? "")?.[1];
  if (access.tokenHash && bearer && crypto.timingSafeEqual(sha256(bearer), access.tokenHash)) return true;
  return access.allow?.has(request.address) ?? false;
}

/** How long readiness waits for the database. */
const READY_TIMEOUT_MS = 2_000;
/** What a 503 tells a load balancer to wait before asking again. */
export const RETRY_AFTER_SECONDS = 5;

export interface Readiness {
  ready: boolean;
  checks: Record<string, string>;
}

/**
 * What /readyz asks of the database (it answers, every migration is applied) and of the bucket: the
 * checks that cost a round trip.
 */
async function remoteChecks(
  context: Pick<OpsContext, "database" | "fileStore">,
): Promise<Record<string, string>> {
  const checks: Record<string, string> = {};
  try {
    const applied = await withTimeout(appliedMigrations(context.database.db), READY_TIMEOUT_MS, "timed out");
    checks.database = "ok";
    const missing = knownMigrations() - applied;
    checks.migrations = missing > 0 ? `${missing} not applied` : "ok";
  } catch (error) {
    checks.database = /timed out/.test((error as Error)?.message ?? "") ? "no answer in 2 s" : "unreachable";
    checks.migrations = "unknown";
  }
  if (context.fileStore) {
    try {
      await withTimeout(context.fileStore.check(READY_TIMEOUT_MS), READY_TIMEOUT_MS, "timed out");
      checks.storage = "ok";
    } catch (error) {
      const name = (error as Error)?.name ?? "";
      checks.storage = /timed out|TimeoutError|AbortError/.test(`${name} ${(error as Error)?.message}`)
        ? "no answer in 2 s"
        : "bucket unreachable";
    }
  }
  return checks;
}

export async function readiness(
  context: Pick<OpsContext, "database" | "jobs" | "stopping" | "fileStore">,
  remote: Promise<Record<string, string>> = remoteChecks(context),
): Promise<Readiness> {
  const checks: Record<string, string> = {};
  if (context.stopping()) checks.server = "shutting down";
  Object.assign(checks, await remote);
  for (const [name, state] of Object.entries(context.jobs.workerStates()))
    checks[name] = state === "running" ? "ok" : state;
  return { ready: Object.values(checks).every((value) => value === "ok"), checks };
}

/**
 * How long /readyz reuses its database and bucket checks once they answered. Anyone may ask it, with no
 * key: a flood of probes costs one query (and one HeadBucket) a second, not one each. Shutting down and
 * the queue workers' states are read afresh on every call: they cost nothing.
 */
export const READY_CACHE_MS = 1_000;

/** The remote checks of each server's context: the last answer and until when it holds (in flight: forever). */
const recentChecks = new WeakMap<OpsContext, { checks: Promise<Record<string, string>>; until: number }>();

function recentRemoteChecks(context: OpsContext): Promise<Record<string, string>> {
  const recent = recentChecks.get(context);
  if (recent && Date.now() < recent.until) return recent.checks;
  const entry = { checks: remoteChecks(context), until: Infinity };
  recentChecks.set(context, entry);
  void entry.checks.then(() => (entry.until = Date.now() + READY_CACHE_MS));
  return entry.checks;
}

const json = (status: number, value: unknown, headers: Record<string, string> = {}): OpsAnswer => ({
  status,
  headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  body: JSON.stringify(value),
});

export const NOT_FOUND: OpsAnswer = {
  status: 404,
  headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  body: "Not found.",
};

/** The answer to a GET or HEAD of one of the ops paths. */
export async function answerOps(
  path: OpsPath,
  request: { authorization?: string; address: string },
  context: OpsContext,
): Promise<OpsAnswer> {
  if (path === "/healthz") return json(200, { status: "ok", database: context.database.kind });
  if (path === "/readyz") {
    const { ready, checks } = await readiness(context, recentRemoteChecks(context));
    if (ready) return json(200, { status: "ready", checks });
    const failing = Object.keys(checks).filter((name) => checks[name] !== "ok");
    return json(
      503,
      { status: "unavailable", failing, checks },
      { "Retry-After": String(RETRY_AFTER_SECONDS) },
    );
  }
  if (!mayReadMetrics(context.access, request)) return NOT_FOUND;
  return {
    status: 200,
    headers: { "Content-Type": context.metrics.contentType, "Cache-Control": "no-store" },
    body: await context.metrics.render(),
  };
}

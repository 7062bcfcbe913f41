/**
 * Every route x every role x generated query strings (tests/support/query-fuzz.ts): each answer is a 4xx
 * or a success within 2 s, never a 5xx, and /healthz keeps answering within 1 s the whole time: no query
 * a signed-in member, an admin, an API key or a stranger can write holds the server. On the embedded
 * database, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../support/databases";
import { send } from "../support/fuzz";
import { randomSource } from "../support/random";
import { startFuzzTarget } from "../support/fuzz-target";
import { QUERY_KINDS, queryRequest } from "../support/query-fuzz";

const ANSWER_WITHIN_MS = 2_000;
const HEALTH_WITHIN_MS = 1_000;

interface Report {
  tried: number;
  failures: string[];
  slowest: number;
  healthSlowest: number;
  statuses: Map<number, number>;
}

/**
 * For each route and role: one query of each kind (every commonly read name set to that kind of value)
 * and `randomPerPair` of random names and values.
 */
async function fuzzQueries(
  target: Awaited<ReturnType<typeof startFuzzTarget>>,
  randomPerPair: number,
  seed: number,
) {
  const random = randomSource(seed);
  const host = `127.0.0.1:${target.port}`;
  const [admin, client] = target.target.cookies;
  const roles: [string, [string, string][]][] = [
    ["stranger", []],
    ["admin", [["Cookie", admin!]]],
    ["client", [["Cookie", client!]]],
    ["api key", [["Authorization", `Bearer ${target.apiKey}`]]],
  ];
  // Signing out would end the sessions for the rest of the run; the path's own query is replaced; ids
  // that are no UUID are the other fuzzer's business.
  const paths = [...new Set(target.target.paths.map((p) => p.split("?")[0]!))].filter(
    (p) => p !== "/auth/sign-out" && !/\/(not-a-uuid|%00|1)(\/|$)/.test(p),
  );
  const kinds = [...QUERY_KINDS, ...Array<number>(randomPerPair).fill(-1)];
  const jobs = paths.flatMap((path) =>
    roles.flatMap(([role, headers]) =>
      kinds.map((kind) => ({ role, request: queryRequest(random, host, path, headers, kind) })),
    ),
  );
  const report: Report = { tried: 0, failures: [], slowest: 0, healthSlowest: 0, statuses: new Map() };

  let running = true;
  const health = (async () => {
    while (running) {
      const started = Date.now();
      const status = await fetch(`http://${host}/healthz`, { signal: AbortSignal.timeout(5_000) })
        .then((r) => r.status)
        .catch(() => 0);
      const took = Date.now() - started;
      report.healthSlowest = Math.max(report.healthSlowest, took);
      if (status !== 200) report.failures.push(`/healthz answered ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();

  let next = 0;
  const worker = async () => {
    // Twenty failures say enough (a server that hangs would otherwise take every request's 2 s).
    while (next < jobs.length && report.failures.length < 20) {
      const { role, request } = jobs[next++]!;
      const label = `${role} GET ${request.path.slice(0, 200)}`;
      try {
        const result = await send(target.port, request, ANSWER_WITHIN_MS);
        report.tried++;
        report.slowest = Math.max(report.slowest, result.millis);
        report.statuses.set(result.status, (report.statuses.get(result.status) ?? 0) + 1);
        if (result.status >= 500 || result.status === 0) report.failures.push(`${result.status} ${label}`);
      } catch (error) {
        report.tried++;
        report.failures.push(`${(error as Error).message} (${role})`);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  running = false;
  await health;
  console.info(
    `[query-fuzz] ${report.tried} requests (${paths.length} routes x ${roles.length} roles x ${kinds.length}), ` +
      `slowest ${report.slowest} ms, /healthz slowest ${report.healthSlowest} ms, statuses ` +
      [...report.statuses].map(([s, n]) => `${s}:${n}`).join(" "),
  );
  return report;
}

function expectClean(report: Report) {
  expect(report.failures).toEqual([]);
  expect(report.healthSlowest).toBeLessThan(HEALTH_WITHIN_MS);
  // The run reached pages and refusals alike: successes, sign-in redirects, and 4xx answers.
  expect(report.statuses.get(200) ?? 0).toBeGreaterThan(0);
  expect([...report.statuses.keys()].some((s) => s >= 400 && s < 500)).toBe(true);
}

describe("generated query strings on every route, for every role", () => {
  let embedded: Awaited<ReturnType<typeof startFuzzTarget>> | undefined;
  afterAll(async () => {
    await embedded?.server.stop();
  });

  it("embedded database: no 5xx, each within 2 s, /healthz within 1 s throughout", async () => {
    embedded = await startFuzzTarget();
    const report = await fuzzQueries(embedded, 6, 20261129);
    expectClean(report);
    expect(embedded.server.logLines().filter((entry) => entry.level === "error")).toEqual([]);
  }, 240_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    "PostgreSQL: no 5xx, each within 2 s, /healthz within 1 s throughout",
    async () => {
      const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      const onPostgres = await startFuzzTarget(database.url);
      try {
        const report = await fuzzQueries(onPostgres, 2, 29);
        expectClean(report);
        expect(onPostgres.server.logLines().filter((entry) => entry.level === "error")).toEqual([]);
      } finally {
        await onPostgres.server.stop();
        await database.drop();
      }
    },
    240_000,
  );
});

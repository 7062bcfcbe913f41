/**
 * No request holds the server: on PostgreSQL a statement past DATABASE_STATEMENT_TIMEOUT_MS (here one
 * stuck behind a lock another session holds) is cancelled and its request answered 503 with Retry-After,
 * while /healthz and other pages keep answering; once the lock goes, the same page answers 200. On the
 * embedded database, which runs on the server's own thread, the longest work a request does (a
 * 100,000-row seller list read and checked as a whole) takes turns with the others.
 */
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../support/databases";
import { sellerList } from "../support/seller-list";
import { startFuzzTarget } from "../support/fuzz-target";

const BUDGET_MS = 1_000;

describe.runIf(process.env.TEST_DATABASE_URL)("a request over its statement budget", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it("is answered 503 with Retry-After in about its budget; /healthz answers within 1 s meanwhile", async () => {
    const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    cleanups.push(() => database.drop());
    const target = await startFuzzTarget(database.url, {
      DATABASE_STATEMENT_TIMEOUT_MS: String(BUDGET_MS),
      LOG_FORMAT: "json",
    });
    cleanups.push(() => target.server.stop());
    const [admin] = target.target.cookies;
    const page = (path: string) =>
      fetch(`${target.server.url}${path}`, { headers: { Cookie: admin! }, redirect: "manual" });
    // The lead list has a page of its own for data it cannot read; the clients list fails as a whole.
    const stuckPaths = ["/admin/leads", "/admin/clients"];
    for (const path of stuckPaths) expect((await page(path)).status, path).toBe(200);

    // Another session takes the lead tables and keeps them: every read of them waits.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    cleanups.push(() => locker.end());
    await locker.query("begin");
    await locker.query("lock table leads, lead_deliveries in access exclusive mode");

    const started = Date.now();
    const stuck = stuckPaths.map(async (path) => {
      const answer = await page(path);
      return {
        path,
        status: answer.status,
        retryAfter: answer.headers.get("retry-after"),
        took: Date.now() - started,
      };
    });
    const health: number[] = [];
    for (let i = 0; i < 5; i++) {
      const asked = Date.now();
      const answer = await fetch(`${target.server.url}/healthz`);
      expect(answer.status).toBe(200);
      health.push(Date.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A page that reads no lead is served meanwhile.
    expect((await fetch(`${target.server.url}/about/real-estate-lead-generation-company`)).status).toBe(200);
    for (const answer of await Promise.all(stuck)) {
      expect(answer, answer.path).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
      expect(answer.took, answer.path).toBeGreaterThanOrEqual(BUDGET_MS - 100);
      expect(answer.took, answer.path).toBeLessThan(BUDGET_MS + 5_000);
      console.info(`[request-budget] ${answer.path}: 503 after ${answer.took} ms`);
    }
    expect(Math.max(...health)).toBeLessThan(1_000);
    console.info(`[request-budget] /healthz meanwhile: ${health.join(", ")} ms`);

    await locker.query("rollback");
    for (const path of stuckPaths) expect((await page(path)).status, path).toBe(200);
    // Logged with its reason on the request's line, and no stack: not an error of ours.
    const lines = target.server.logLines();
    expect(lines.filter((line) => line.err !== undefined)).toEqual([]);
    expect(lines.find((line) => line.path === "/admin/clients" && line.status === 503)).toMatchObject({
      refusal: "statement over its time",
    });
    expect(lines.some((line) => /ran past its time/.test(line.msg))).toBe(true);
  }, 120_000);
});

describe("the longest request on the embedded database", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it("uploads and checks a 100,000-row list while /healthz answers within 1 s throughout", async () => {
    const target = await startFuzzTarget("");
    cleanups.push(() => target.server.stop());
    const [admin] = target.target.cookies;
    const file = new Blob([[...sellerList({ rows: 100_000, duplicates: 500, bad: 100 }).lines()].join("\n")]);
    const form = new FormData();
    form.set("file", file, "sellers.csv");

    const started = Date.now();
    let uploading = true;
    const upload = fetch(`${target.server.url}/admin/leads/import`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: target.server.url, Cookie: admin! },
      body: form,
    }).finally(() => (uploading = false));
    const health: number[] = [];
    while (uploading) {
      const asked = Date.now();
      expect((await fetch(`${target.server.url}/healthz`)).status).toBe(200);
      health.push(Date.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const answer = await upload;
    const took = Date.now() - started;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toMatch(/^\/admin\/leads\/import\/[0-9a-f-]{36}$/);
    // Long enough that a server holding its thread would have shown it.
    expect(took).toBeGreaterThan(1_000);
    expect(health.length).toBeGreaterThan(5);
    expect(Math.max(...health)).toBeLessThan(1_000);
    console.info(
      `[request-budget] embedded upload and check of 100,000 rows: ${took} ms; /healthz ${health.length} times, slowest ${Math.max(...health)} ms`,
    );
  }, 180_000);
});

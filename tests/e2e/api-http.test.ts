/**
 * The public API over HTTP against the built server (issue 14), on the embedded database and, with
 * TEST_DATABASE_URL, on PostgreSQL with two server processes: every error status as problem+json (the
 * server's own refusals too: 405, 413 while streaming, 415), the Origin check left out for bearer
 * requests, the per-key rate limit held across two servers, and the OpenAPI document: valid, and every
 * answer seen here matches what it documents for its operation and status (ajv).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { validate } from "@readme/openapi-parser";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../support/databases";
import { seedApiKeys } from "../support/api-keys";
import { startServerProcess, type ServerProcess } from "../support/server-process";

interface Target {
  name: string;
  setUp(): Promise<{ servers: ServerProcess[]; keys: string[]; tearDown(): Promise<void> }>;
}

const specs = [
  { name: "Writer", scopes: ["leads:write" as const] },
  { name: "Reader", scopes: ["leads:read" as const] },
  { name: "Limited", scopes: ["leads:read" as const], rateLimit: 10 },
];

const targets: Target[] = [
  {
    name: "embedded",
    async setUp() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-e2e-api-"));
      const keys = await seedApiKeys({ kind: "pglite", dataDir }, specs);
      const server = await startServerProcess({ DATA_DIR: dataDir });
      return { servers: [server], keys, tearDown: async () => void (await server.stop()) };
    },
  },
];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  targets.push({
    name: "postgresql, two servers",
    async setUp() {
      const database = await createPostgresDatabase(adminUrl);
      const keys = await seedApiKeys({ kind: "postgres", url: database.url }, specs);
      const servers = await Promise.all([
        startServerProcess({ DATABASE_URL: database.url }),
        startServerProcess({ DATABASE_URL: database.url }),
      ]);
      return {
        servers,
        keys,
        async tearDown() {
          await Promise.all(servers.map((s) => s.stop()));
          await database.drop();
        },
      };
    },
  });
}

const lead = (n: number) => ({
  firstName: "Http",
  lastName: `Seller ${n}`,
  phone: `+1303555${String(n).padStart(4, "0")}`,
  address: `${200 + n} Oak Avenue`,
  city: "Denver",
  state: "CO",
  zipCode: "80202",
  leadSource: "online",
});

type Seen = { method: string; route: string; status: number; type: string; body: unknown };

describe.each(targets)("the API over HTTP on $name", (target) => {
  let servers: ServerProcess[] = [];
  let writer = "";
  let reader = "";
  let limited = "";
  let tearDown = async () => {};
  const seen: Seen[] = [];

  beforeAll(async () => {
    const set = await target.setUp();
    servers = set.servers;
    [writer, reader, limited] = set.keys as [string, string, string];
    tearDown = set.tearDown;
  }, 120_000);
  afterAll(() => tearDown());

  /** A request to the first server (or `server`), recorded against the route it is for. */
  async function call(route: string, urlPath: string, init: RequestInit & { key?: string } = {}, server = 0) {
    const headers = new Headers(init.headers);
    if (init.key) headers.set("Authorization", `Bearer ${init.key}`);
    const response = await fetch(servers[server]!.url + urlPath, { ...init, headers });
    const type = response.headers.get("content-type") ?? "";
    const text = await response.text();
    const body = /json/.test(type) && text ? (JSON.parse(text) as unknown) : text;
    seen.push({ method: (init.method ?? "GET").toLowerCase(), route, status: response.status, type, body });
    return {
      status: response.status,
      headers: response.headers,
      type,
      body: body as Record<string, unknown>,
    };
  }
  const postJson = (body: unknown, key = writer, headers: Record<string, string> = {}) =>
    call("/api/v1/leads", "/api/v1/leads", {
      method: "POST",
      key,
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("creates a lead and reads it back, from a foreign Origin too (no cookie, no Origin check)", async () => {
    const created = await postJson(lead(1), writer, { Origin: "https://vendor.example" });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toMatch(/\/api\/v1\/leads\/[0-9a-f-]{36}$/);
    const id = created.body.id as string;
    const one = await call("/api/v1/leads/{id}", `/api/v1/leads/${id}`, { key: reader });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id, arrival: { channel: "api", apiKeyName: "Writer" } });
    const page = await call("/api/v1/leads", "/api/v1/leads?updatedSince=2000-01-01T00:00:00Z", {
      key: reader,
    });
    expect((page.body.leads as unknown[]).length).toBeGreaterThan(0);
    const batch = await postJson({ leads: [lead(2), { ...lead(3), zipCode: "no" }, lead(1)] });
    expect(batch.status).toBe(207);
  });

  it("answers every error as problem+json", async () => {
    const expectProblem = (
      r: { status: number; type: string; body: Record<string, unknown> },
      status: number,
    ) => {
      expect(r.status).toBe(status);
      expect(r.type).toBe("application/problem+json");
      expect(r.body).toMatchObject({ status, type: expect.stringMatching(/^\/api\/docs#problem-/) });
      expect(typeof r.body.title).toBe("string");
      expect(typeof r.body.detail).toBe("string");
    };
    expectProblem(await postJson(lead(10), "lw_wrong"), 401);
    expectProblem(
      await call("/api/v1/leads", "/api/v1/leads", {
        method: "POST",
        body: "{}",
        headers: { "Content-Type": "application/json" },
      }),
      401,
    );
    expectProblem(await postJson(lead(10), reader), 403);
    expectProblem(
      await call("/api/v1/leads/{id}", "/api/v1/leads/00000000-0000-4000-8000-000000000000", { key: reader }),
      404,
    );
    expectProblem(await call("other", "/api/v1/nothing-here", { key: reader }), 404);
    expectProblem(await call("other", "/api/v1/leads", { method: "PUT", key: writer }), 405);
    expectProblem(await postJson("{not json"), 400);
    const invalid = await postJson({ ...lead(11), state: "Colorado" });
    expectProblem(invalid, 400);
    expect(invalid.body.errors).toEqual({ state: ["State must be 2-letter code (e.g., CA, NY)"] });
    expectProblem(await postJson(lead(1)), 409);
    expectProblem(
      await call("/api/v1/leads", "/api/v1/leads", {
        method: "POST",
        key: writer,
        headers: { "Content-Type": "text/plain" },
        body: "x",
      }),
      415,
    );
    await postJson(lead(12), writer, { "Idempotency-Key": "k-1" });
    expectProblem(await postJson(lead(13), writer, { "Idempotency-Key": "k-1" }), 422);
    // Over 1 MB, streamed without a Content-Length: refused while it arrives.
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 40) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const big = await call("/api/v1/leads", "/api/v1/leads", {
      method: "POST",
      key: writer,
      headers: { "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    // The server closes that connection a moment after answering (server/app.ts, closeAfterLinger):
    // let it go before the next request could be sent on it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expectProblem(big, 413);
    for (const s of servers) expect(s.output()).not.toMatch(/\[server\] request failed/);
  });

  it("holds the rate limit of a key across servers, with Retry-After and RateLimit headers", async () => {
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 14; i++) {
      const answer = await call(
        "/api/v1/leads",
        "/api/v1/leads?limit=1",
        { key: limited },
        i % servers.length,
      );
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
      else expect(answer.headers.get("ratelimit")).toMatch(/^"per-key";r=\d+;t=\d+$/);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused!.headers.get("ratelimit-policy")).toBe('"per-key";q=10;w=60');
  });

  it("serves a valid OpenAPI 3.1 document, and every answer seen matches it", async () => {
    const doc = await call("/api/v1/openapi.json", "/api/v1/openapi.json");
    expect(doc.status).toBe(200);
    const document = doc.body as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
      >;
    };
    expect(document.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, JSON.stringify(result)).toBe(true);

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document, "openapi");
    const checked = new Set<string>();
    for (const answer of seen) {
      const operation = document.paths[answer.route]?.[answer.method];
      if (!operation) continue; // "other": paths the document does not have
      const response = operation.responses[String(answer.status)];
      expect(response, `${answer.method} ${answer.route} answered ${answer.status}`).toBeDefined();
      const mediaType = answer.type.split(";")[0]!;
      const content = response!.content?.[mediaType];
      expect(content, `${answer.method} ${answer.route} ${answer.status} as ${mediaType}`).toBeDefined();
      if (content?.schema) {
        const pointer = `openapi#/paths/${answer.route.replaceAll("/", "~1")}/${answer.method}/responses/${answer.status}/content/${mediaType.replace("/", "~1")}/schema`;
        const check = ajv.getSchema(pointer) ?? ajv.compile({ $ref: pointer });
        expect(
          check(answer.body),
          `${answer.method} ${answer.route} ${answer.status}: ${ajv.errorsText(check.errors)}`,
        ).toBe(true);
      }
      checked.add(`${answer.method} ${answer.route}`);
    }
    // Every documented operation was called and answered as documented.
    const documented = Object.entries(document.paths).flatMap(([route, ops]) =>
      Object.keys(ops).map((m) => `${m} ${route}`),
    );
    expect([...checked].sort()).toEqual(documented.sort());
  });
});

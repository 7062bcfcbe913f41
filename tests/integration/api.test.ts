/**
 * The public API on both databases (issue 14), through its route modules: keys (hash at rest, revoke at
 * once, scopes), intake of one lead and of batches mixing valid, invalid and duplicate items, the
 * Idempotency-Key under 20 parallel identical requests, reading by id and by keyset pages, and the
 * per-key rate limit counted in the database.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import crypto from "node:crypto";
import {
  apiIdempotency,
  apiKeys,
  auditLog,
  leads,
  profiles,
  user as userTable,
  userRoles,
  webhookDeliveries,
  webhookEndpoints,
} from "~/db/schema";
import { countApiKeyUse, createApiKey, revokeApiKey, type ApiKeyUse } from "~/features/auth/api-keys.server";
import { pruneIdempotencyKeys } from "~/features/leads/api/api.server";
import { getLead } from "~/features/leads/lead-queries.server";
import { createLead } from "~/features/leads/lead-commands.server";
import { permissionsOf } from "~/lib/permissions";
import { action as intake, loader as listRoute } from "~/routes/api/v1/leads";
import { loader as oneRoute } from "~/routes/api/v1/lead";
import { testDatabases } from "../support/databases";
import { confirmedUser, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { ORIGIN } from "../support/route-calls";

stubAuthEnv();

const lead = (n: number, extra: Record<string, unknown> = {}) => ({
  firstName: "Api",
  lastName: `Seller ${n}`,
  phone: `+1202555${String(n).padStart(4, "0")}`,
  address: `${100 + n} Main Street`,
  city: "Springfield",
  state: "il",
  zipCode: "62704",
  leadSource: "online",
  ...extra,
});

function post(secret: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}/api/v1/leads`, {
    method: "POST",
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const get = (secret: string, path: string) =>
  new Request(`${ORIGIN}${path}`, { headers: { Authorization: `Bearer ${secret}` } });

/** Calls a route function as React Router does; a thrown Response is the answer. */
async function run(fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}) {
  try {
    return (await (fn as (a: unknown) => Promise<Response>)({ request, params, context: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type Json = Record<string, unknown> & { errors?: Record<string, string[]> };

describe.each(testDatabases)("the public API on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  let admin: { id: string; permissions: ReturnType<typeof permissionsOf> };
  let writer = "";
  let reader = "";
  let writerId = "";
  /** A key with both scopes: it may learn a duplicate's id. */
  let readWriter = "";

  it("creates keys stored only as a hash, each in the audit log", async () => {
    const email = `api-admin-${testDb.name}@example.com`;
    await confirmedUser({ email, password: "A-long-Passw0rd!", role: "admin" });
    const [found] = await database.db
      .select({ id: userTable.id })
      .from(userTable)
      .where(eq(userTable.email, email));
    admin = { id: found!.id, permissions: permissionsOf(["admin"]) };
    const w = await createApiKey(admin, { name: "Vendor A", scopes: ["leads:write"] });
    const r = await createApiKey(admin, { name: "Reporting", scopes: ["leads:read"] });
    writer = w.secret;
    writerId = w.id;
    reader = r.secret;
    readWriter = (await createApiKey(admin, { name: "CRM sync", scopes: ["leads:write", "leads:read"] }))
      .secret;
    expect(writer).toMatch(/^lw_[\w-]{43}$/);
    const stored = await database.db.select().from(apiKeys).where(eq(apiKeys.id, w.id));
    expect(stored[0]!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    const everything = JSON.stringify(await database.db.execute(sql`select * from api_keys`));
    expect(everything).not.toContain(writer.slice(10));
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "api_key.created"));
    expect(audit.map((a) => a.details.name).sort()).toEqual(["CRM sync", "Reporting", "Vendor A"]);
  });

  it("creates one lead: 201, Location, the stored fields, arrived by the key", async () => {
    const response = await run(intake, post(writer, lead(1, { askingPrice: 250000, email: "" })));
    expect(response.status).toBe(201);
    const body = (await response.json()) as Json;
    expect(response.headers.get("location")).toBe(body.url);
    expect(body).toMatchObject({
      state: "IL",
      phone: "+12025550001",
      askingPrice: 250000,
      email: null,
      propertyType: "single_family",
      leadStatus: "new",
      arrival: { channel: "api", apiKeyName: "Vendor A", importId: null },
    });
    expect(response.headers.get("ratelimit")).toMatch(/^"per-key";r=\d+;t=\d+$/);
    const detail = await getLead(admin, body.id as string);
    expect(detail?.apiKeyName).toBe("Vendor A");
  });

  it("refuses invalid fields with the form's messages (400 problem)", async () => {
    const response = await run(
      intake,
      post(writer, lead(2, { firstName: "", phone: "call me", leadSource: undefined })),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({ status: 400, title: "Validation failed" });
    expect(body.errors).toEqual({
      firstName: ["First name is required"],
      phone: ["Invalid phone number format (use E.164 format, e.g., +12025551234)"],
      leadSource: ["Choose a lead source"],
    });
  });

  it("names the lead source keys when a program sends one we do not have", async () => {
    for (const sent of ["Facebook Ads", "cold call", "COLD_CALL"]) {
      const response = await run(intake, post(writer, lead(2, { leadSource: sent })));
      expect(response.status, sent).toBe(400);
      expect(((await response.json()) as Json).errors, sent).toEqual({
        leadSource: [
          `Unknown lead source ${JSON.stringify(sent)}: use one of cold_call, direct_mail, referral, networking, online, drive_for_dollars, bandit_signs, other`,
        ],
      });
    }
  });

  it("refuses text with a NUL character (PostgreSQL text cannot hold it) with a 400 problem", async () => {
    const response = await run(intake, post(writer, lead(2, { city: "Chi\u0000cago" })));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      title: "Bad request",
      detail: "Text may not contain NUL characters (\\u0000).",
    });
  });

  it("answers a duplicate with 409 (the existing id only to a key that may read leads), unless allowDuplicate", async () => {
    const first = (await (await run(intake, post(writer, lead(3)))).json()) as Json;
    const again = await run(
      intake,
      post(readWriter, lead(3, { firstName: "Other", address: "1 Elsewhere Road" })),
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ status: 409, existingId: first.id });
    // A key that may only write does not learn another lead's id.
    const blind = await run(
      intake,
      post(writer, lead(3, { firstName: "Other", address: "1 Elsewhere Road" })),
    );
    expect(blind.status).toBe(409);
    const blindBody = (await blind.json()) as Json;
    expect(blindBody).toMatchObject({ status: 409, title: "Possible duplicate lead" });
    expect(blindBody).not.toHaveProperty("existingId");
    // Same address (written differently), another phone: the admin screens' rule.
    const sameAddress = await run(intake, post(writer, lead(4, { address: "103 MAIN ST" })));
    expect(sameAddress.status).toBe(409);
    const allowed = await run(intake, post(writer, { ...lead(3), allowDuplicate: true }));
    expect(allowed.status).toBe(201);
  });

  it("takes a batch mixing valid, invalid and duplicate items: 207 with a result per item", async () => {
    const response = await run(
      intake,
      post(writer, {
        leads: [
          lead(10),
          lead(11, { zipCode: "x" }),
          lead(1),
          lead(12),
          lead(10, { address: "9 Other Way" }),
        ],
      }),
    );
    expect(response.status).toBe(207);
    const body = (await response.json()) as {
      created: number;
      invalid: number;
      duplicates: number;
      results: Json[];
    };
    expect(body).toMatchObject({ created: 2, invalid: 1, duplicates: 2 });
    expect(body.results.map((r) => r.status)).toEqual([
      "created",
      "invalid",
      "duplicate",
      "created",
      "duplicate",
    ]);
    expect(body.results[1]!.errors).toEqual({
      zipCode: ["Invalid ZIP code (use 12345 or 12345-6789 format)"],
    });
    // A stored duplicate's id is hidden from a key that may only write...
    expect(body.results[2]).toMatchObject({ existingId: null, duplicateOfIndex: null });
    expect(body.results[4]).toMatchObject({ existingId: null, duplicateOfIndex: 0 });
    // ...and given to one that may read leads.
    const reading = (await (await run(intake, post(readWriter, { leads: [lead(1)] }))).json()) as {
      results: Json[];
    };
    const [stored] = await database.db
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.phone, "+12025550001"));
    expect(reading.results[0]).toMatchObject({ status: "duplicate", existingId: stored!.id });
    const tooMany = await run(
      intake,
      post(writer, { leads: Array.from({ length: 501 }, (_, i) => lead(1000 + i)) }),
    );
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as Json).errors).toEqual({
      leads: ["Send at most 500 leads per request"],
    });
  });

  it("lets a batch item's own allowDuplicate override the batch's", async () => {
    const answer = async (body: unknown) =>
      (await (await run(intake, post(writer, body))).json()) as { results: Json[] };
    // lead(1) and lead(3) are stored: only the item that allows it is created.
    const own = await answer({ leads: [{ ...lead(1), allowDuplicate: true }, lead(3)] });
    expect(own.results.map((r) => r.status)).toEqual(["created", "duplicate"]);
    // The batch allows duplicates; an item that says false is still checked.
    const overridden = await answer({
      allowDuplicate: true,
      leads: [lead(1), { ...lead(3), allowDuplicate: false }],
    });
    expect(overridden.results.map((r) => r.status)).toEqual(["created", "duplicate"]);
    // An item allowed in is still an earlier item for the ones after it.
    const inBatch = await answer({ leads: [{ ...lead(70), allowDuplicate: true }, lead(70)] });
    expect(inBatch.results[1]).toMatchObject({ status: "duplicate", duplicateOfIndex: 0 });
  });

  it("creates exactly one lead for 20 parallel identical requests with one Idempotency-Key", async () => {
    const body = JSON.stringify(lead(20));
    const headers = { "Idempotency-Key": `same-${testDb.name}` };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => run(intake, post(writer, body, headers))),
    );
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as Json[];
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    const [count] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(eq(leads.phone, "+12025550020"));
    expect(Number(count!.n)).toBe(1);
    const other = await run(intake, post(writer, JSON.stringify(lead(21)), headers));
    expect(other.status).toBe(422);
    expect(((await other.json()) as Json).type).toBe("/api/docs#problem-idempotency-key-reused");
    const rows = await database.db.select().from(apiIdempotency);
    expect(rows.every((r) => r.status === 201)).toBe(true);
  });

  it("forgets an Idempotency-Key after 24 hours: taken over by a new request, pruned", async () => {
    const headers = { "Idempotency-Key": `old-${testDb.name}` };
    expect((await run(intake, post(writer, lead(22), headers))).status).toBe(201);
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    await database.db.update(apiIdempotency).set({ createdAt: dayAgo });
    // Another body with the old key: a new request, not a 422.
    expect((await run(intake, post(writer, lead(23), headers))).status).toBe(201);
    await database.db.update(apiIdempotency).set({ createdAt: dayAgo });
    await pruneIdempotencyKeys(database.db);
    expect(await database.db.select().from(apiIdempotency)).toEqual([]);
  });

  it("refuses without a key, with an unknown key, and with the wrong scope", async () => {
    const none = await run(intake, new Request(`${ORIGIN}/api/v1/leads`, { method: "POST", body: "{}" }));
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await run(intake, post("lw_nope", lead(30)))).status).toBe(401);
    const wrongScope = await run(intake, post(reader, lead(30)));
    expect(wrongScope.status).toBe(403);
    expect(((await wrongScope.json()) as Json).detail).toContain("leads:write");
    expect((await run(listRoute, get(writer, "/api/v1/leads"))).status).toBe(403);
  });

  it("reads one lead by id (404 for an unknown one) and pages by the last change", async () => {
    const list = await run(listRoute, get(reader, "/api/v1/leads?limit=3"));
    expect(list.status).toBe(200);
    const page = (await list.json()) as { leads: Json[]; nextCursor: string | null };
    expect(page.leads).toHaveLength(3);
    const seen = page.leads.map((l) => l.id);
    let cursor = page.nextCursor;
    while (cursor) {
      const next = (await (
        await run(listRoute, get(reader, `/api/v1/leads?limit=3&cursor=${cursor}`))
      ).json()) as typeof page;
      seen.push(...next.leads.map((l) => l.id));
      cursor = next.nextCursor;
    }
    const [total] = await database.db.select({ n: sql<number>`count(*)::int` }).from(leads);
    expect(new Set(seen).size).toBe(Number(total!.n));
    const one = await run(oneRoute, get(reader, `/api/v1/leads/${seen[0]}`), { id: seen[0] as string });
    expect(((await one.json()) as Json).id).toBe(seen[0]);
    const missing = await run(oneRoute, get(reader, "/api/v1/leads/00000000-0000-4000-8000-000000000000"), {
      id: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing.status).toBe(404);
    const future = (await (
      await run(listRoute, get(reader, "/api/v1/leads?updatedSince=2199-01-01T00:00:00Z"))
    ).json()) as typeof page;
    expect(future.leads).toEqual([]);
    expect((await run(listRoute, get(reader, "/api/v1/leads?updatedSince=yesterday"))).status).toBe(400);
    expect((await run(listRoute, get(reader, "/api/v1/leads?cursor=bogus"))).status).toBe(400);
    // Dates JavaScript reads and PostgreSQL does not (or not as the same moment) are refused, not run.
    const crafted = (keys: unknown[]) => Buffer.from(JSON.stringify([1, ...keys])).toString("base64url");
    for (const query of [
      "updatedSince=0000-01-01T00:00:00Z",
      "updatedSince=9999-12-31T23:59:59Z",
      "updatedSince=%2B010000-01-01T00:00:00Z",
      `cursor=${crafted(["March 7", seen[0]])}`,
      `cursor=${crafted(["9999-12-31 23:59:59+00", seen[0]])}`,
      `cursor=${crafted(["2026-01-01 00:00:00+00", "not-a-uuid"])}`,
    ]) {
      const answer = await run(listRoute, get(reader, `/api/v1/leads?${query}`));
      expect(answer.status, query).toBe(400);
      expect(answer.headers.get("content-type"), query).toMatch(/problem\+json/);
    }
  });

  it("reads half a surrogate pair as U+FFFD: the batch is answered item by item, again under its Idempotency-Key", async () => {
    const headers = { "Idempotency-Key": `surrogate-${testDb.name}` };
    // JSON.stringify writes a lone surrogate as the escape "\udc00", as a broken client would.
    const body = { leads: [lead(80), lead(81, { firstName: "Ann\udc00e" }), lead(82, { city: "\ud800" })] };
    const first = await run(intake, post(writer, body, headers));
    expect(first.status).toBe(207);
    const answer = (await first.json()) as { created: number; invalid: number; results: Json[] };
    expect(answer).toMatchObject({ created: 2, invalid: 1 });
    // A city that was only a broken character is no city: that item alone is refused, by its message.
    expect(answer.results[2]).toMatchObject({ status: "invalid", errors: { city: ["City is required"] } });
    const again = await run(intake, post(writer, body, headers));
    expect(again.status).toBe(207);
    expect(await again.json()).toEqual(answer);
    const [stored] = await database.db
      .select({ firstName: leads.firstName })
      .from(leads)
      .where(eq(leads.phone, "+12025550081"));
    expect(stored!.firstName).toBe("Ann\ufffde");
  });

  it("records the form's leads as typed in, on the same insert path", async () => {
    const { id } = await createLead(admin, {
      ...lead(40),
      state: "IL",
      email: null,
      situationNotes: null,
      askingPrice: null,
      estimatedValue: null,
      estimatedRepairCost: null,
      assignedToClientId: null,
      propertyType: "condo",
      motivationLevel: "hot",
      leadSource: "referral",
    });
    const stored = await getLead(admin, id);
    expect(stored).toMatchObject({ createdByUserId: admin.id, apiKeyId: null, importId: null });
  });

  it("assigns at creation when asked: the client's webhook gets lead.assigned in the same transaction", async () => {
    const clientId = crypto.randomUUID();
    await database.db
      .insert(userTable)
      .values({ id: clientId, name: "Client", email: `${clientId}@example.com` });
    await database.db.insert(userRoles).values({ userId: clientId, role: "client" });
    await database.db.insert(profiles).values({ userId: clientId, email: `${clientId}@example.com` });
    await database.db
      .insert(webhookEndpoints)
      .values({ clientId, url: "https://crm.example.com/hook", sealedSecret: "sealed" });
    const answer = await run(intake, post(writer, lead(45, { assignedToClientId: clientId })));
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as Json;
    const events = await database.db
      .select({ type: webhookDeliveries.eventType, leadId: webhookDeliveries.leadId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.clientId, clientId));
    expect(events).toEqual([{ type: "lead.assigned", leadId: id }]);
    const unknown = await run(intake, post(writer, lead(46, { assignedToClientId: crypto.randomUUID() })));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Json).errors).toEqual({ assignedToClientId: ["Invalid client ID"] });
  });

  it("limits each key per minute across requests, with Retry-After", async () => {
    await database.db.update(apiKeys).set({ rateLimit: 3 }).where(eq(apiKeys.id, writerId));
    await database.db
      .update(apiKeys)
      .set({ rateSlots: [], windowStartedAt: new Date() })
      .where(eq(apiKeys.id, writerId));
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await run(intake, post(writer, lead(50 + i)));
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last!.headers.get("ratelimit")).toMatch(/r=0/);
    await database.db.update(apiKeys).set({ rateLimit: 600 }).where(eq(apiKeys.id, writerId));
  });

  it("slides each key's window: a burst across a minute's edge, even in parallel, gets no more than the limit", async () => {
    const key = await createApiKey(admin, { name: "Edge", scopes: ["leads:read"] }, 10);
    // Time is the caller's here: the window starts at a moment of the test's choosing.
    const start = new Date(Date.now() + 3_600_000);
    await database.db.update(apiKeys).set({ windowStartedAt: start }).where(eq(apiKeys.id, key.id));
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const burst = async (seconds: number, n = 25) => {
      const uses = await Promise.all(
        Array.from({ length: n }, () => countApiKeyUse(key.secret, at(seconds))),
      );
      return uses.map((use) => use!);
    };
    const allowed = (uses: ApiKeyUse[]) => uses.filter((use) => use.allowed).length;

    expect(allowed(await burst(59.5))).toBe(10);
    // Past the minute's edge the 10 are still within 60 seconds: nothing more (a fixed window let 10 more).
    const refused = await burst(60.5);
    expect(allowed(refused)).toBe(0);
    expect(refused[0]).toMatchObject({ used: 10, retryAfterSeconds: 60 });
    expect(allowed(await burst(119.4))).toBe(0);
    // Retry-After was exact: 60 seconds later the window has room for the limit again.
    expect(allowed(await burst(120.5))).toBe(10);
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.usageCount).toBe(100);
  });

  it("refuses a revoked key at once", async () => {
    await database.db.update(apiKeys).set({ rateSlots: [] }).where(eq(apiKeys.id, writerId));
    expect((await run(intake, post(writer, lead(60)))).status).toBe(201);
    expect(await revokeApiKey(admin, writerId)).toBe(true);
    expect((await run(intake, post(writer, lead(61)))).status).toBe(401);
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, writerId));
    expect(row!.revokedBy).toBe(admin.id);
    expect(row!.usageCount).toBeGreaterThan(5);
  });
});

/**
 * Delivery webhooks (issue 14): what the outbox adds to a bulk assign of 10,000 leads, and how fast the
 * worker delivers to a receiver on 127.0.0.1. Runs the real data-layer functions on in-memory PGlite and,
 * when TEST_DATABASE_URL is set, on a fresh PostgreSQL database.
 *
 *   npx tsx bench/webhooks.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/webhooks.ts
 *
 * Options (environment): BENCH_LEADS (default 10000), BENCH_WORKERS (parallel delivery loops, as that many
 * servers would run, default 1 and 4), BENCH_DATABASES (pglite, postgresql or both).
 * - Bulk assign: the same 10,000 leads assigned to a client without a webhook, then (after unassigning)
 *   to one with a webhook; the difference is the outbox's cost (one insert of 10,000 rows).
 * - Delivery: the 10,000 events drained by N concurrent worker loops (rounds of deliverDueWebhooks; since
 *   ADR 032 one client has at most 4 in flight, all loops together) to a receiver answering 200 at once;
 *   every event is checked to be delivered exactly once.
 *
 * Writes bench/results/webhooks.json.
 */
import { performance } from "node:perf_hooks";
import { machine, printTable, run, writeResult } from "./support";

const leadCount = Number(process.env.BENCH_LEADS ?? 10_000);
const workerCounts = (process.env.BENCH_WORKERS ?? "1,4").split(",").map(Number);
const only = process.env.BENCH_DATABASES;
const round = (n: number) => Math.round(n * 10) / 10;

async function main() {
  process.env.AUTH_SECRET ??= "bench-webhooks-secret-0123456789abcdef";
  process.env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = "true";
  const { eq, sql } = await import("drizzle-orm");
  const { installDatabase } = await import("~/db/db.server");
  const schema = await import("~/db/schema");
  const { bulkLeadAction } = await import("~/features/leads/bulk.server");
  const { parseLeadListQuery } = await import("~/features/leads/lead-list.schema");
  const { saveWebhookUrl } = await import("~/features/webhooks/webhooks.server");
  const { enqueueLeadEvents } = await import("~/lib/webhooks/outbox.server");
  const { publicLeadSql } = await import("~/features/leads/public-lead.server");
  const { deliverDueWebhooks } = await import("~/lib/webhooks/delivery.server");
  const { permissionsOf } = await import("~/lib/permissions");
  const { testDatabases } = await import("../tests/support/databases");
  const { startWebhookReceiver } = await import("../tests/support/webhook-receiver");
  if (!process.env.TEST_DATABASE_URL) console.log("TEST_DATABASE_URL is not set: PGlite only.");

  const receiver = await startWebhookReceiver();
  const admin = { id: "bench-admin", permissions: permissionsOf(["admin"]) };
  const everyLead = { query: parseLeadListQuery(new URL("http://bench/admin/leads")) };
  const rows: (string | number)[][] = [];
  const results: Record<string, unknown> = {};

  for (const testDb of testDatabases.filter((d) => !only || d.name === only)) {
    const handle = await testDb.open();
    installDatabase(handle);
    const db = handle.db;
    try {
      const people = [
        { id: admin.id, role: "admin" as const },
        { id: "bench-plain-client", role: "client" as const },
        { id: "bench-hook-client", role: "client" as const },
      ];
      await db
        .insert(schema.user)
        .values(people.map((p) => ({ id: p.id, email: `${p.id}@bench.test`, name: p.id })));
      await db
        .insert(schema.profiles)
        .values(people.map((p) => ({ userId: p.id, email: `${p.id}@bench.test`, companyName: p.id })));
      await db.insert(schema.userRoles).values(people.map((p) => ({ userId: p.id, role: p.role })));
      await saveWebhookUrl(admin, "bench-hook-client", receiver.url);
      await db.execute(sql`
        insert into leads (first_name, last_name, phone, address, city, state, zip_code)
        select 'Bench', 'Seller ' || n, '+1303' || lpad(n::text, 7, '0'), n || ' Main St', 'Denver', 'CO', '80202'
        from generate_series(1, ${leadCount}) as n`);

      const timed = async (fn: () => Promise<unknown>) => {
        const began = performance.now();
        await fn();
        return performance.now() - began;
      };
      // A warm-up pass, then the measured ones: no webhook, then a webhook.
      await bulkLeadAction(admin, everyLead, { kind: "assign", clientId: "bench-plain-client" });
      await bulkLeadAction(admin, everyLead, { kind: "assign", clientId: null });
      const plainMs = await timed(() =>
        bulkLeadAction(admin, everyLead, { kind: "assign", clientId: "bench-plain-client" }),
      );
      await bulkLeadAction(admin, everyLead, { kind: "assign", clientId: null });
      const hookMs = await timed(() =>
        bulkLeadAction(admin, everyLead, { kind: "assign", clientId: "bench-hook-client" }),
      );
      const events = await db.$count(schema.webhookDeliveries);
      if (events !== leadCount) throw new Error(`Expected ${leadCount} events, found ${events}`);
      // The enqueue alone, in a transaction rolled back.
      const ids = (await db.select({ id: schema.leads.id }).from(schema.leads)).map((l) => l.id);
      let enqueueMs = 0;
      await db
        .transaction(async (tx) => {
          enqueueMs = await timed(() =>
            enqueueLeadEvents(
              tx,
              ids.map((leadId) => ({ type: "lead.updated" as const, leadId, clientId: "bench-hook-client" })),
              publicLeadSql("l", "client"),
            ),
          );
          throw new Error("rollback");
        })
        .catch((error: Error) => {
          if (error.message !== "rollback") throw error;
        });
      rows.push([testDb.name, "bulk assign, no webhook", leadCount, round(plainMs), ""]);
      rows.push([testDb.name, "bulk assign, webhook", leadCount, round(hookMs), ""]);
      rows.push([
        testDb.name,
        "enqueueLeadEvents alone",
        leadCount,
        round(enqueueMs),
        round((enqueueMs * 1000) / leadCount),
      ]);

      const delivery: Record<number, number> = {};
      for (const workers of workerCounts) {
        await db
          .update(schema.webhookDeliveries)
          .set({ status: "pending", attempts: 0, nextAttemptAt: new Date() });
        receiver.received.length = 0;
        const began = performance.now();
        await Promise.all(
          Array.from({ length: workers }, async () => {
            while ((await deliverDueWebhooks(db, { allowPrivate: true, batch: 20 })) > 0);
          }),
        );
        const ms = performance.now() - began;
        const delivered = await db.$count(
          schema.webhookDeliveries,
          eq(schema.webhookDeliveries.status, "delivered"),
        );
        const distinct = new Set(receiver.received.map((r) => String(r.headers["leadworks-event-id"]))).size;
        if (delivered !== leadCount || receiver.received.length !== leadCount || distinct !== leadCount) {
          throw new Error(
            `Delivered ${delivered}, received ${receiver.received.length} (${distinct} distinct)`,
          );
        }
        delivery[workers] = Math.round((leadCount / ms) * 1000);
        rows.push([
          testDb.name,
          `deliver, ${workers} worker${workers > 1 ? "s" : ""}`,
          leadCount,
          round(ms),
          `${delivery[workers]}/s`,
        ]);
      }
      results[testDb.name] = {
        leads: leadCount,
        bulkAssignNoWebhookMs: round(plainMs),
        bulkAssignWebhookMs: round(hookMs),
        enqueueMs: round(enqueueMs),
        deliveriesPerSecond: delivery,
      };
    } finally {
      await handle.close();
    }
  }
  await receiver.stop();
  printTable(["database", "what", "events", "ms", "per event (µs) / rate"], rows);
  console.log(`\nwrote ${writeResult("webhooks", { machine: machine(), results })}`);
}

run(main);

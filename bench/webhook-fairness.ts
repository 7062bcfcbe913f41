/**
 * Webhook fairness (issue 23, ADR 032): one client's endpoint accepts connections and never answers, with
 * BENCH_BAD_EVENTS (100) events pending, while BENCH_HEALTHY (20) clients with healthy endpoints get events
 * for BENCH_SECONDS (20), each at random intervals of 1 to 5 s (seeded). Measures each healthy event's
 * latency, from the moment it is enqueued to its arrival at the receiver, and how many delivery slots the
 * silent endpoint held at most: its claims in flight as the database holds them (sampled every 100 ms),
 * and the connections open at once at the endpoint (which may count one more: a connection given up is
 * seen closed after the next one is accepted). Goal: p95 <= 2 s for every healthy client.
 *
 *   npx tsx bench/webhook-fairness.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/webhook-fairness.ts
 *
 * Modes (BENCH_MODES, default both):
 * - `pool`: the worker as the server runs it (startWebhookWorker: 16 slots, at most 4 in flight per
 *   client, 3 s to connect, 5 s to the first byte, 10 s in all).
 * - `batch`: what it replaced, for comparison: batches of 20 due deliveries sent together, each batch
 *   waiting for its slowest, no per-client cap, a 10 s limit only (deliverDueWebhooks in a loop, woken by
 *   enqueues and every 2 s, as the old worker was).
 * BENCH_DATABASES (pglite, postgresql or both). Writes bench/results/webhook-fairness.json.
 */
import { machine, printTable, run, writeResult } from "./support";

const healthyCount = Number(process.env.BENCH_HEALTHY ?? 20);
const badEvents = Number(process.env.BENCH_BAD_EVENTS ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const modes = (process.env.BENCH_MODES ?? "pool,batch").split(",");
const only = process.env.BENCH_DATABASES;
const GOAL_P95_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A seeded generator (mulberry32): the same event times on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

async function main() {
  process.env.AUTH_SECRET ??= "bench-webhooks-secret-0123456789abcdef";
  process.env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = "true";
  const { sql } = await import("drizzle-orm");
  const { installDatabase } = await import("~/db/db.server");
  const schema = await import("~/db/schema");
  const { saveWebhookUrl } = await import("~/features/webhooks/webhooks.server");
  const { enqueueLeadEvents, subscribeToLeadEvents } = await import("~/lib/webhooks/outbox.server");
  const { publicLeadSql } = await import("~/features/leads/public-lead.server");
  const { deliverDueWebhooks, startWebhookWorker } = await import("~/lib/webhooks/delivery.server");
  const { permissionsOf } = await import("~/lib/permissions");
  const { testDatabases } = await import("../tests/support/databases");
  const { startSilentEndpoint, startWebhookReceiver } = await import("../tests/support/webhook-receiver");
  if (!process.env.TEST_DATABASE_URL) console.log("TEST_DATABASE_URL is not set: PGlite only.");

  const receiver = await startWebhookReceiver();
  const silent = await startSilentEndpoint();
  const admin = { id: "bench-admin", permissions: permissionsOf(["admin"]) };
  const bad = "bench-silent";
  const healthy = Array.from(
    { length: healthyCount },
    (_, i) => `bench-healthy-${String(i + 1).padStart(2, "0")}`,
  );
  const summary: (string | number)[][] = [];
  const results: Record<string, unknown> = {};

  for (const testDb of testDatabases.filter((d) => !only || d.name === only)) {
    const handle = await testDb.open();
    installDatabase(handle);
    const db = handle.db;
    try {
      const people = [admin.id, bad, ...healthy];
      await db.insert(schema.user).values(people.map((id) => ({ id, email: `${id}@bench.test`, name: id })));
      await db
        .insert(schema.profiles)
        .values(people.map((id) => ({ userId: id, email: `${id}@bench.test`, companyName: id })));
      await db.insert(schema.userRoles).values(
        people.map((id) => ({
          userId: id,
          role: id === admin.id ? ("admin" as const) : ("client" as const),
        })),
      );
      await saveWebhookUrl(admin, bad, silent.url);
      for (const id of healthy) await saveWebhookUrl(admin, id, `${receiver.url}/${id}`);
      // Leads for every event to come, each client's own: one event per lead, so none waits for another.
      const perClient = Math.ceil(seconds / 1) + 5;
      await db.execute(sql`
        insert into leads (first_name, last_name, phone, address, city, state, zip_code, assigned_to_client_id)
        select 'Bench', 'Seller ' || n, '+1303' || lpad(n::text, 7, '0'), n || ' Main St', 'Denver', 'CO', '80202',
          (${JSON.stringify(people.slice(1))}::jsonb ->> ((n - 1) % ${people.length - 1})::int)
        from generate_series(1, ${(people.length - 1) * Math.max(perClient, badEvents)}) as n`);
      const leadsOf = new Map<string, string[]>();
      for (const row of await db
        .select({ id: schema.leads.id, clientId: schema.leads.assignedToClientId })
        .from(schema.leads)) {
        leadsOf.set(row.clientId!, [...(leadsOf.get(row.clientId!) ?? []), row.id]);
      }

      for (const mode of modes) {
        await db.delete(schema.webhookDeliveries);
        receiver.received.length = 0;
        await enqueueLeadEvents(
          db,
          leadsOf
            .get(bad)!
            .slice(0, badEvents)
            .map((leadId) => ({ type: "lead.assigned" as const, leadId, clientId: bad })),
          publicLeadSql("l", "client"),
        );
        silent.resetMaxOpen();
        const acceptedBefore = silent.accepted();
        const stopDelivering = startMode(mode);
        // The silent endpoint's events are first in line: let it take what it can before the others come.
        const firstConnection = Date.now();
        while (silent.open() === 0 && Date.now() - firstConnection < 10_000) await sleep(10);
        await sleep(200);

        // The silent client's claims in flight, as the database holds them, every 100 ms.
        let claimsHeld = 0;
        let sampling = true;
        const sampler = (async () => {
          while (sampling) {
            const [row] = await db
              .select({ n: sql<number>`count(*)::int` })
              .from(schema.webhookDeliveries)
              .where(
                sql`client_id = ${bad} and claim_token is not null and status = 'pending' and next_attempt_at > now()`,
              );
            claimsHeld = Math.max(claimsHeld, Number(row?.n ?? 0));
            await sleep(100);
          }
        })();
        const sentAt = new Map<string, number>();
        const clientOf = new Map<string, string>();
        const began = Date.now();
        await Promise.all(
          healthy.map(async (clientId, i) => {
            const next = random(i + 1);
            const leads = [...leadsOf.get(clientId)!];
            for (;;) {
              await sleep(1_000 + next() * 4_000);
              if (Date.now() - began > seconds * 1_000) return;
              const leadId = leads.shift()!;
              sentAt.set(leadId, Date.now());
              clientOf.set(leadId, clientId);
              await enqueueLeadEvents(
                db,
                [{ type: "lead.updated", leadId, clientId }],
                publicLeadSql("l", "client"),
              );
            }
          }),
        );
        const drainUntil = Date.now() + 120_000;
        while (receiver.received.length < sentAt.size && Date.now() < drainUntil) await sleep(50);
        const maxOpen = silent.maxOpen();
        const attempts = silent.accepted() - acceptedBefore;
        sampling = false;
        await sampler;
        await stopDelivering();

        const latencies = new Map<string, number[]>(healthy.map((id) => [id, []]));
        for (const request of receiver.received) {
          const leadId = (JSON.parse(request.body) as { data: { lead: { id: string } } }).data.lead.id;
          const at = sentAt.get(leadId);
          if (at !== undefined) latencies.get(clientOf.get(leadId)!)!.push(request.at - at);
        }
        const missing = sentAt.size - receiver.received.length;
        const rows = healthy.map((clientId) => {
          const sorted = latencies.get(clientId)!.sort((a, b) => a - b);
          return {
            clientId,
            events: sorted.length,
            p50: percentile(sorted, 50),
            p95: percentile(sorted, 95),
            max: sorted.at(-1) ?? NaN,
          };
        });
        const all = rows.flatMap((r) => latencies.get(r.clientId)!).sort((a, b) => a - b);
        console.log(`\n${testDb.name}, ${mode}: per healthy client, latency in ms from enqueue to arrival`);
        printTable(
          ["client", "events", "p50", "p95", "max"],
          rows.map((r) => [r.clientId, r.events, r.p50, r.p95, r.max]),
        );
        const worstP95 = Math.max(...rows.map((r) => r.p95));
        summary.push([
          testDb.name,
          mode,
          all.length,
          missing,
          percentile(all, 50),
          percentile(all, 95),
          worstP95,
          all.at(-1) ?? NaN,
          claimsHeld,
          maxOpen,
          attempts,
          worstP95 <= GOAL_P95_MS && missing === 0 ? "met" : "MISSED",
        ]);
        results[`${testDb.name}/${mode}`] = {
          healthyEvents: all.length,
          missing,
          p50Ms: percentile(all, 50),
          p95Ms: percentile(all, 95),
          worstClientP95Ms: worstP95,
          maxMs: all.at(-1),
          silentClaimsHeldMax: claimsHeld,
          silentConnectionsOpenMax: maxOpen,
          silentAttempts: attempts,
          perClient: rows,
        };
      }
    } finally {
      await handle.close();
    }

    /** Starts delivering in `mode`; returns its stop. */
    function startMode(mode: string): () => Promise<void> {
      if (mode === "pool") {
        const worker = startWebhookWorker({ db, allowPrivate: true });
        return () => worker.stop();
      }
      if (mode !== "batch") throw new Error(`Unknown mode ${mode}: pool or batch`);
      let stopped = false;
      let wake: () => void = () => undefined;
      const unsubscribe = subscribeToLeadEvents(() => wake());
      const loop = (async () => {
        while (!stopped) {
          const sent = await deliverDueWebhooks(db, {
            allowPrivate: true,
            batch: 20,
            perClientCap: 20,
            timeouts: { connectMs: 10_000, firstByteMs: 10_000, totalMs: 10_000 },
          });
          if (sent === 0 && !stopped) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, 2_000);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
          }
        }
      })();
      return async () => {
        stopped = true;
        wake();
        unsubscribe();
        await loop;
      };
    }
  }
  await receiver.stop();
  await silent.stop();
  console.log(`\nSummary (latency in ms; goal: every healthy client's p95 <= ${GOAL_P95_MS} ms)`);
  printTable(
    [
      "database",
      "mode",
      "healthy events",
      "missing",
      "p50",
      "p95",
      "worst client p95",
      "max",
      "silent claims held (max)",
      "silent connections (max)",
      "silent attempts",
      "goal",
    ],
    summary,
  );
  console.log(
    `\nwrote ${writeResult("webhook-fairness", { machine: machine(), seconds, badEvents, results })}`,
  );
}

run(main);

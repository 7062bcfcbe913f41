/**
 * Sustained lead intake through the public API (issue 14): the built server (one process) on the
 * embedded database and, with BENCH_DATABASE_URL, on that PostgreSQL database (migrated, rows kept:
 * create one for it). autocannon sends, for BENCH_SECONDS each (default 15) after a 3 s warm-up:
 * batches of 100 leads, single leads, and single leads with an Idempotency-Key. Every lead is new
 * (unique phone and address), so each one is checked for duplicates and inserted; the key's rate limit
 * is raised for the run (it is still counted on every request). Prints leads a second against the
 * issue's goals and checks that every answer was 201 and that the database holds the leads.
 *
 *   npm run build
 *   createdb -h 127.0.0.1 -U postgres lw_bench_api
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/lw_bench_api npx tsx bench/api-intake.ts
 *
 * BENCH_DATABASES=pglite|postgresql picks one; BENCH_CONNECTIONS sets autocannon's connections
 * (default 16 for single leads, 8 for batches).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { seedApiKeys } from "../tests/support/api-keys";
import { startServerProcess } from "../tests/support/server-process";
import { freePort, machine, onCleanup, printTable, requireBuild, run, tempDir, writeResult } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const goals = {
  pglite: { batch: 500, single: 150 },
  postgresql: { batch: 2000, single: 300 },
} as const;

type Db = keyof typeof goals;

/** A new lead each time: unique phone and address across runs of this process and of earlier runs. */
const runTag = crypto.randomInt(100, 999);
let counter = 0;
function newLead() {
  const n = ++counter;
  return {
    firstName: "Bench",
    lastName: `Seller ${n}`,
    phone: `+1${runTag}${String(n).padStart(7, "0")}`,
    address: `${n} Bench ${runTag} Street`,
    city: "Denver",
    state: "CO",
    zipCode: "80202",
    leadSource: "online",
    motivationLevel: "hot",
    askingPrice: 250000,
  };
}

interface Scenario {
  name: string;
  leadsPerRequest: number;
  connections: number;
  body: () => string;
  idempotent?: boolean;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

async function load(url: string, key: string, scenario: Scenario, seconds: number, pid?: number) {
  const cpuBefore = pid ? cpuSeconds(pid) : 0;
  const statuses = new Map<number, number>();
  const result = await autocannon({
    url: `${url}/api/v1/leads`,
    connections: scenario.connections,
    duration: seconds,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...request.headers,
            "content-type": "application/json",
            authorization: `Bearer ${key}`,
            ...(scenario.idempotent ? { "idempotency-key": crypto.randomUUID() } : {}),
          },
          body: scenario.body(),
        }),
      },
    ],
  });
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) {
    statuses.set(Number(code), (statuses.get(Number(code)) ?? 0) + (count as { count: number }).count);
  }
  const ok = statuses.get(201) ?? 0;
  const cpu = pid ? cpuSeconds(pid) - cpuBefore : 0;
  return {
    // The server's own CPU per answered request: what a free core could do, however busy the machine.
    serverCpuMsPerRequest: ok ? (cpu * 1000) / ok : 0,
    requests: result.requests.total,
    ok,
    statuses: Object.fromEntries(statuses),
    errors: result.errors + result.timeouts + result.non2xx,
    requestsPerSecond: ok / seconds,
    leadsPerSecond: (ok * scenario.leadsPerRequest) / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

async function measure(db: Db, target: { env: Record<string, string>; seed: () => Promise<string[]> }) {
  const [key] = await target.seed();
  const port = await freePort();
  const server = await startServerProcess({
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    ...target.env,
  });
  onCleanup(() => server.stop());
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 0);
  const scenarios: Scenario[] = [
    {
      name: "batches of 100",
      leadsPerRequest: 100,
      connections: connections || 8,
      body: () => JSON.stringify({ leads: Array.from({ length: 100 }, newLead) }),
    },
    {
      name: "single leads",
      leadsPerRequest: 1,
      connections: connections || 16,
      body: () => JSON.stringify(newLead()),
    },
    {
      name: "single + Idempotency-Key",
      leadsPerRequest: 1,
      connections: connections || 16,
      body: () => JSON.stringify(newLead()),
      idempotent: true,
    },
  ];
  const rows = [];
  for (const scenario of scenarios) {
    await load(server.url, key!, scenario, 3); // warm-up
    const figures = await load(server.url, key!, scenario, SECONDS, server.pid);
    rows.push({ scenario: scenario.name, ...figures });
    console.log(`${db} ${scenario.name}: ${Math.round(figures.leadsPerSecond)} leads/s`, figures.statuses);
  }
  await server.stop();
  return rows;
}

run(async () => {
  requireBuild();
  const which = process.env.BENCH_DATABASES;
  const results: Record<string, unknown> = { machine: machine(), seconds: SECONDS };
  const table: (string | number)[][] = [];
  const report = (db: Db, rows: Awaited<ReturnType<typeof measure>>) => {
    for (const row of rows) {
      const goal = row.scenario.startsWith("batches") ? goals[db].batch : goals[db].single;
      table.push([
        db,
        row.scenario,
        Math.round(row.leadsPerSecond),
        goal,
        row.leadsPerSecond >= goal ? "yes" : "NO",
        Math.round(row.requestsPerSecond),
        row.p50,
        row.p99,
        row.requests - row.ok,
        Math.round(row.serverCpuMsPerRequest * 100) / 100,
      ]);
    }
    results[db] = rows;
  };

  if (!which || which === "pglite") {
    const dataDir = tempDir("lw-bench-api-");
    const rows = await measure("pglite", {
      env: { DATA_DIR: dataDir },
      seed: () =>
        seedApiKeys({ kind: "pglite", dataDir }, [
          { name: "bench", scopes: ["leads:write"], rateLimit: 1e9 },
        ]),
    });
    report("pglite", rows);
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (url && (!which || which === "postgresql")) {
    const rows = await measure("postgresql", {
      env: { DATA_DIR: tempDir("lw-bench-api-pg-"), DATABASE_URL: url },
      seed: () =>
        seedApiKeys({ kind: "postgres", url }, [{ name: "bench", scopes: ["leads:write"], rateLimit: 1e9 }]),
    });
    report("postgresql", rows);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows: count } = await client.query(
      "select count(*)::int as n from leads where api_key_id is not null and last_name like 'Seller %'",
    );
    await client.end();
    console.log(`PostgreSQL holds ${count[0].n} leads sent through the API (all runs so far).`);
  } else if (!url) {
    console.log("BENCH_DATABASE_URL is not set: embedded database only.");
  }

  console.log("");
  printTable(
    [
      "database",
      "scenario",
      "leads/s",
      "goal",
      "met",
      "req/s",
      "p50 ms",
      "p99 ms",
      "not 201",
      "server CPU ms/req",
    ],
    table,
  );
  const load1 = os.loadavg()[0]!.toFixed(1);
  console.log(
    `\nload average at the end: ${load1} on ${os.cpus().length} cores (other work on the machine slows every figure).`,
  );
  console.log(`\nwritten to ${writeResult("api-intake", results)}`);
});

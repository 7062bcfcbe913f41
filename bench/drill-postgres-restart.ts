/**
 * Drill: PostgreSQL restarted under load (issue 16). A private PostgreSQL cluster (initdb in a temporary
 * folder, on a free port, run as the `postgres` user when this runs as root; never the shared server)
 * serves one app server while DRILL_CLIENTS loops send contact messages. The cluster is stopped
 * (`pg_ctl stop -m fast`, which cuts open sessions), kept down DRILL_DOWN_SECONDS, and started again;
 * the app is not restarted. Measures and checks:
 *
 * - while the database is down every answer is 503 with Retry-After, and fast (no hang, no 500);
 * - after it is back the same server process answers 200 again on its own (time to recover);
 * - every acknowledged message is in the database and every queued e-mail reached the SMTP server once
 *   (the one the worker was handing over when the database went away may arrive twice).
 *
 *   npm run build && npx tsx bench/drill-postgres-restart.ts
 *
 * Options: DRILL_CLIENTS (8), DRILL_DOWN_SECONDS (15), PG_BIN (the newest /usr/lib/postgresql/N/bin).
 * Writes bench/results/drill-postgres-restart.json; exits 1 when a guarantee is broken.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { startServerProcess } from "../tests/support/server-process";
import { startSmtpCatcher } from "../tests/support/smtp-catcher";
import {
  acknowledged,
  countMail,
  drillEnv,
  round,
  sendContact,
  sleep,
  statusCounts,
  verdict,
  waitForDrain,
  type Answer,
} from "./drill-support";
import { freePort, machine, onCleanup, printTable, requireBuild, run, writeResult } from "./support";

const clients = Number(process.env.DRILL_CLIENTS ?? 8);
const downSeconds = Number(process.env.DRILL_DOWN_SECONDS ?? 15);
/** An answer slower than this while the database is down is a hang, not failing fast. */
const FAST_MS = 5_000;
/** The app must serve again within this after the database is back. */
const RECOVER_MS = 15_000;

function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = fs
    .readdirSync("/usr/lib/postgresql")
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error("No PostgreSQL under /usr/lib/postgresql: set PG_BIN.");
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/** A PostgreSQL cluster of our own in a temporary folder, which the drill may stop and start. */
async function privateCluster() {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-drill-pg-"));
  const data = path.join(dir, "data");
  const port = await freePort();
  // PostgreSQL refuses to run as root: run its tools as the postgres user then.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres:", dir]);
  const tool = (name: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, name), ...args], { stdio: "pipe" })
      : execFileSync(path.join(bin, name), args, { stdio: "pipe" });
  tool("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () => tool("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  const stop = (mode = "fast") => tool("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
  start();
  onCleanup(() => {
    try {
      stop("immediate");
    } catch {
      // Already stopped.
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query("create database drill");
  await admin.end();
  return { url: `postgres://postgres@127.0.0.1:${port}/drill`, start, stop, bin };
}

async function main() {
  requireBuild();
  const cluster = await privateCluster();
  const smtp = await startSmtpCatcher();
  onCleanup(() => smtp.stop());
  const server = await startServerProcess({ ...drillEnv(smtp), DATABASE_URL: cluster.url });
  onCleanup(() => server.stop());
  console.log(`PostgreSQL from ${cluster.bin} on ${cluster.url}; app at ${server.url} (pid ${server.pid})`);

  const answers: Answer[] = [];
  let running = true;
  let sent = 0;
  const loops = Array.from({ length: clients }, async () => {
    while (running) answers.push(await sendContact(server.url, `restart.${sent++}@example.com`, 60_000));
  });
  const t0 = performance.now();
  await sleep(5_000);

  const downAt = performance.now();
  cluster.stop("fast");
  const stoppedAt = performance.now();
  console.log(`stopped in ${round((stoppedAt - downAt) / 1000)} s; down for ${downSeconds} s...`);
  await sleep(downSeconds * 1000);
  const upCalledAt = performance.now();
  cluster.start();
  const upAt = performance.now();
  console.log(`started again in ${round((upAt - upCalledAt) / 1000)} s`);

  // Until the app serves again, then a little longer under load.
  const deadline = upAt + 60_000;
  while (!answers.some((a) => a.startedAt >= upAt && acknowledged(a)) && performance.now() < deadline)
    await sleep(100);
  await sleep(5_000);
  running = false;
  await Promise.all(loops);
  const endedAt = performance.now();

  const ready = await fetch(`${server.url}/readyz`).catch(() => {
    throw new Error(`the app died; its last output:\n${server.output().slice(-4000)}`);
  });
  const sameProcess = (() => {
    try {
      process.kill(server.pid, 0);
      return true;
    } catch {
      return false;
    }
  })();
  const drainSeconds = await waitForDrain(server, 180_000);
  await server.stop();

  // While down: requests that began once the database was stopped and before it was started again,
  // however long they took (a hang counts).
  const during = answers.filter((a) => a.startedAt >= stoppedAt && a.startedAt < upCalledAt);
  const unavailable = during.filter((a) => a.status === 503);
  const firstUnavailable = unavailable.reduce(
    (first, a) => Math.min(first, a.startedAt + a.ms),
    Number.POSITIVE_INFINITY,
  );
  const firstAfter = answers
    .filter((a) => a.startedAt >= upAt && acknowledged(a))
    .reduce((first, a) => Math.min(first, a.startedAt + a.ms), Number.POSITIVE_INFINITY);
  const before = answers.filter((a) => a.startedAt + a.ms < downAt);

  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const stored = new Set(
    (await client.query<{ email: string }>("select email from contact_submissions")).rows.map((r) => r.email),
  );
  const outbox = (
    await client.query<{ id: string; status: string; last_error: string | null }>(
      "select id::text as id, status::text as status, last_error from mail_outbox",
    )
  ).rows;
  await client.end();
  const ok = answers.filter(acknowledged);
  const mail = countMail(outbox, smtp);

  const figures = {
    clients,
    downSeconds,
    seconds: round((endedAt - t0) / 1000),
    requests: answers.length,
    statuses: statusCounts(answers),
    before: { requests: before.length, statuses: statusCounts(before) },
    whileDown: {
      requests: during.length,
      statuses: statusCounts(during),
      unavailable: unavailable.length,
      retryAfter: [...new Set(unavailable.map((a) => a.retryAfter))],
      firstUnavailableAfterStopMs: Number.isFinite(firstUnavailable)
        ? Math.round(firstUnavailable - downAt)
        : null,
      maxLatencyMs: Math.round(Math.max(0, ...during.map((a) => a.ms))),
      p50LatencyMs: Math.round(
        during.map((a) => a.ms).sort((a, b) => a - b)[Math.floor(during.length / 2)] ?? 0,
      ),
    },
    stopSeconds: round((stoppedAt - downAt) / 1000),
    recoverSeconds: Number.isFinite(firstAfter) ? round((firstAfter - upAt) / 1000) : null,
    readyAfter: ready.status,
    sameProcess,
    acknowledged: ok.length,
    stored: stored.size,
    lost: ok.filter((a) => !stored.has(a.email)).length,
    drainSeconds: drainSeconds === null ? null : round(drainSeconds),
    mail,
  };

  console.log();
  printTable(
    ["figure", "value"],
    [
      ["requests (all)", figures.requests],
      ["answers by status", JSON.stringify(figures.statuses)],
      ["requests while down", figures.whileDown.requests],
      ["answers while down", JSON.stringify(figures.whileDown.statuses)],
      ["503 while down", figures.whileDown.unavailable],
      ["their Retry-After", figures.whileDown.retryAfter.join(", ")],
      ["first 503 after the stop, ms", figures.whileDown.firstUnavailableAfterStopMs ?? "none"],
      ["p50 latency while down, ms", figures.whileDown.p50LatencyMs],
      ["max latency while down, ms", figures.whileDown.maxLatencyMs],
      ["pg_ctl stop -m fast took, s", figures.stopSeconds],
      ["first 200 after the start, s", figures.recoverSeconds ?? "never"],
      ["same app process, /readyz", `${sameProcess ? "yes" : "NO"}, ${figures.readyAfter}`],
      ["acknowledged / stored / lost", `${figures.acknowledged} / ${figures.stored} / ${figures.lost}`],
      ["e-mails queued / delivered", `${mail.queued} / ${mail.delivered}`],
      ["e-mails missing / duplicates", `${mail.missing} / ${mail.duplicates}`],
      ["outbox drained in, s", figures.drainSeconds ?? "not in time"],
    ],
  );
  console.log(`\nwritten to ${writeResult("drill-postgres-restart", { machine: machine(), ...figures })}`);

  const broken: string[] = [];
  const wrong = during.filter((a) => a.status !== 503 || a.retryAfter === null);
  if (during.length === 0) broken.push("no request was answered while the database was down");
  if (wrong.length > 0) broken.push(`${wrong.length} answers while down were not 503 with Retry-After`);
  if (figures.whileDown.maxLatencyMs > FAST_MS)
    broken.push(`an answer while down took ${figures.whileDown.maxLatencyMs} ms (over ${FAST_MS})`);
  if (figures.recoverSeconds === null || figures.recoverSeconds * 1000 > RECOVER_MS)
    broken.push(`the app did not serve again within ${RECOVER_MS / 1000} s of the database's return`);
  if (!sameProcess || ready.status !== 200) broken.push("the app process did not recover by itself");
  if (figures.lost > 0) broken.push(`${figures.lost} acknowledged messages lost`);
  // The one e-mail the worker was handing to SMTP when the database went away may be sent again.
  if (mail.missing > 0 || mail.duplicates > 1)
    broken.push(`e-mails: ${mail.missing} missing, ${mail.duplicates} duplicates`);
  verdict(broken);
}

run(main);

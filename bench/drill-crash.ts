/**
 * Drill: kill -9 of the server in the middle of 500 concurrent contact messages (issue 16), on the
 * embedded database and, with BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL: a fresh database
 * is made on that server and dropped after), on PostgreSQL. Every message has its own address and the
 * per-IP limit is off, so each one is accepted unless the server dies under it. The server is killed
 * once DRILL_KILL_AFTER messages were acknowledged, then started again on the same data; the drill waits
 * for the mail outbox to drain and counts:
 *
 * - every acknowledged message is in the database (lost must be 0);
 * - every queued e-mail reached the SMTP server, each once by its Message-ID (the outbox row's id). The
 *   one e-mail a worker was handing to SMTP at the instant of the kill may arrive twice (sent, but the
 *   process died before recording it): at most one copy more is allowed, and counted.
 *
 *   npm run build && npx tsx bench/drill-crash.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/drill-crash.ts
 *
 * Options: DRILL_SUBMISSIONS (500), DRILL_KILL_AFTER (200), DRILL_DATABASES (embedded,postgresql).
 * Writes bench/results/drill-crash.json; exits 1 when a guarantee is broken.
 */
import { performance } from "node:perf_hooks";
import type { DatabaseHandle } from "~/db/client.server";
import { createPostgresDatabase } from "../tests/support/databases";
import { startServerProcess, type ServerProcess } from "../tests/support/server-process";
import { startSmtpCatcher } from "../tests/support/smtp-catcher";
import {
  acknowledged,
  countMail,
  statusCounts,
  drillEnv,
  round,
  sendContact,
  verdict,
  waitForDrain,
  type Answer,
  type MailCount,
} from "./drill-support";
import { machine, onCleanup, printTable, requireBuild, run, tempDir, writeResult } from "./support";

const submissions = Number(process.env.DRILL_SUBMISSIONS ?? 500);
const killAfter = Number(process.env.DRILL_KILL_AFTER ?? 200);
const only = (process.env.DRILL_DATABASES ?? "embedded,postgresql").split(",");
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
/** Longer than the outbox lease (5 min): e-mails the dead server had claimed wait it out on PostgreSQL. */
const DRAIN_TIMEOUT_MS = Number(process.env.DRILL_DRAIN_TIMEOUT_MS ?? 420_000);

interface Target {
  name: "embedded" | "postgresql";
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
}

interface Outcome {
  database: string;
  submissions: number;
  acknowledged: number;
  acknowledgedAtKill: number;
  refused: number;
  /** How many answers had each status (0: no answer). */
  statuses: Record<string, number>;
  failed: number;
  stored: number;
  lost: number;
  restartSeconds: number;
  drainSeconds: number | null;
  mail: MailCount;
}

async function drill(target: Target): Promise<Outcome> {
  const { sql } = await import("drizzle-orm");
  const { queryRows } = await import("~/db/client.server");
  const smtp = await startSmtpCatcher();
  onCleanup(() => smtp.stop());
  const env = { ...drillEnv(smtp), ...target.env };
  const first = await startServerProcess(env);
  onCleanup(() => first.stop());

  let acked = 0;
  let ackedAtKill = 0;
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    ackedAtKill = acked;
    process.kill(first.pid, "SIGKILL");
  };
  const answers: Answer[] = await Promise.all(
    Array.from({ length: submissions }, (_, i) =>
      sendContact(first.url, `crash.${target.name}.${i}@example.com`).then((answer) => {
        if (acknowledged(answer) && ++acked >= killAfter) kill();
        return answer;
      }),
    ),
  );
  kill();
  await first.stop();

  const began = performance.now();
  const second: ServerProcess = await startServerProcess(env);
  onCleanup(() => second.stop());
  const restartSeconds = (performance.now() - began) / 1000;
  const drainSeconds = await waitForDrain(second, DRAIN_TIMEOUT_MS);
  await second.stop();

  const handle = await target.open();
  try {
    const stored = new Set(
      (
        await queryRows<{ email: string }>(
          handle.db,
          sql`select email from contact_submissions where email like 'crash.%'`,
        )
      ).map((row) => row.email),
    );
    const outbox = await queryRows<{ id: string; status: string; last_error: string | null }>(
      handle.db,
      sql`select id::text as id, status::text as status, last_error from mail_outbox`,
    );
    const ok = answers.filter(acknowledged);
    return {
      database: target.name,
      submissions,
      acknowledged: ok.length,
      acknowledgedAtKill: ackedAtKill,
      refused: answers.filter((a) => a.status !== 0 && !acknowledged(a)).length,
      failed: answers.filter((a) => a.status === 0).length,
      statuses: statusCounts(answers),
      stored: stored.size,
      lost: ok.filter((answer) => !stored.has(answer.email)).length,
      restartSeconds: round(restartSeconds),
      drainSeconds: drainSeconds === null ? null : round(drainSeconds),
      mail: countMail(outbox, smtp),
    };
  } finally {
    await handle.close();
  }
}

async function main() {
  requireBuild();
  const { openDatabase } = await import("~/db/client.server");
  const targets: Target[] = [];
  if (only.includes("embedded")) {
    const dataDir = tempDir("lw-drill-crash-");
    targets.push({
      name: "embedded",
      env: { DATA_DIR: dataDir, DATABASE_URL: "" },
      open: () => openDatabase({ kind: "pglite", dataDir }),
    });
  }
  if (only.includes("postgresql")) {
    if (!adminUrl) {
      console.log("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to an admin URL.");
    } else {
      const database = await createPostgresDatabase(adminUrl);
      onCleanup(() => database.drop());
      targets.push({
        name: "postgresql",
        env: { DATA_DIR: tempDir("lw-drill-crash-pg-"), DATABASE_URL: database.url },
        open: () => openDatabase({ kind: "postgres", url: database.url, poolSize: 2 }),
      });
    }
  }

  const outcomes: Outcome[] = [];
  for (const target of targets) {
    console.log(
      `${target.name}: ${submissions} concurrent messages, kill -9 after ${killAfter} acknowledged...`,
    );
    outcomes.push(await drill(target));
  }

  console.log();
  printTable(
    [
      "database",
      "sent",
      "acked",
      "acked at kill",
      "failed",
      "stored",
      "lost",
      "restart s",
      "drain s",
      "e-mails queued",
      "delivered",
      "missing",
      "duplicates",
    ],
    outcomes.map((o) => [
      o.database,
      o.submissions,
      o.acknowledged,
      o.acknowledgedAtKill,
      o.failed,
      o.stored,
      o.lost,
      o.restartSeconds,
      o.drainSeconds ?? "not in time",
      o.mail.queued,
      o.mail.delivered,
      o.mail.missing,
      o.mail.duplicates,
    ]),
  );
  for (const o of outcomes) console.log(`${o.database}: answers by status ${JSON.stringify(o.statuses)}`);
  for (const o of outcomes)
    for (const [error, n] of Object.entries(o.mail.errors)) console.log(`${o.database}: ${n} x ${error}`);
  console.log(`\nwritten to ${writeResult("drill-crash", { machine: machine(), killAfter, outcomes })}`);

  const broken: string[] = [];
  for (const o of outcomes) {
    if (o.lost > 0) broken.push(`${o.database}: ${o.lost} acknowledged messages lost`);
    if (o.acknowledgedAtKill < killAfter) broken.push(`${o.database}: the kill did not happen mid-way`);
    if (o.mail.queued !== 2 * o.stored)
      broken.push(`${o.database}: ${o.mail.queued} e-mails queued for ${o.stored} messages (2 each)`);
    if (o.mail.missing > 0 || o.mail.sentByOutbox !== o.mail.queued)
      broken.push(`${o.database}: ${o.mail.missing} e-mails never arrived`);
    if (o.mail.duplicates > 1) broken.push(`${o.database}: ${o.mail.duplicates} e-mails arrived twice`);
  }
  verdict(broken);
}

run(main);

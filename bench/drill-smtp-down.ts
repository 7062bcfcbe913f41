/**
 * Drill: the SMTP server down for minutes (issue 16). The app runs on the embedded database with a real
 * SMTP server, which is stopped; DRILL_MESSAGES contact messages are sent (each queues two e-mails), the
 * SMTP server stays down DRILL_SMTP_DOWN_SECONDS (120; set 600 for "minutes"), then comes back on the
 * same port. Checks that every message was acknowledged and stored, and that every queued e-mail arrived
 * exactly once (by Message-ID) once the SMTP server was back; prints how long after its return the
 * outbox took to drain, the attempts each e-mail took and the longest backoff an e-mail waited before
 * its successful try (5 s, 10 s, 20 s ... capped at one hour, app/lib/mail/outbox.server.ts).
 *
 *   npm run build && npx tsx bench/drill-smtp-down.ts
 *
 * Writes bench/results/drill-smtp-down.json; exits 1 when a guarantee is broken.
 */
import { performance } from "node:perf_hooks";
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
import { machine, onCleanup, printTable, requireBuild, run, tempDir, writeResult } from "./support";

const messages = Number(process.env.DRILL_MESSAGES ?? 100);
const downSeconds = Number(process.env.DRILL_SMTP_DOWN_SECONDS ?? 120);

async function main() {
  requireBuild();
  const { sql } = await import("drizzle-orm");
  const { openDatabase, queryRows } = await import("~/db/client.server");
  const { retryDelayMs } = await import("~/lib/mail/outbox.server");
  const dataDir = tempDir("lw-drill-smtp-");
  const smtp = await startSmtpCatcher();
  onCleanup(() => smtp.stop());
  const server = await startServerProcess({ ...drillEnv(smtp), DATA_DIR: dataDir, DATABASE_URL: "" });
  onCleanup(() => server.stop());

  await smtp.stop();
  const downAt = performance.now();
  const answers: Answer[] = [];
  for (let i = 0; i < messages; i += 10) {
    const batch = Array.from({ length: Math.min(10, messages - i) }, (_, k) =>
      sendContact(server.url, `smtp.down.${i + k}@example.com`),
    );
    answers.push(...(await Promise.all(batch)));
  }
  console.log(
    `${answers.filter(acknowledged).length} messages acknowledged; SMTP down for ${downSeconds} s...`,
  );
  await sleep(Math.max(0, downSeconds * 1000 - (performance.now() - downAt)));
  const receivedWhileDown = smtp.received.length;
  await smtp.start();
  const upAt = performance.now();
  const drained = await waitForDrain(server, 3_600_000);
  const drainSeconds = drained === null ? null : (performance.now() - upAt) / 1000;
  await server.stop();

  const handle = await openDatabase({ kind: "pglite", dataDir });
  let stored: number;
  let outbox: { id: string; status: string; last_error: string | null; attempts: number }[];
  try {
    const [row] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from contact_submissions where email like 'smtp.down.%'`,
    );
    stored = row!.n;
    outbox = await queryRows(
      handle.db,
      sql`select id::text as id, status::text as status, last_error, attempts from mail_outbox`,
    );
  } finally {
    await handle.close();
  }
  const mail = countMail(outbox, smtp);
  const attempts = outbox.map((row) => row.attempts);
  // The wait before each e-mail's successful try: the backoff after its last failure.
  const longestWaitSeconds = Math.max(
    0,
    ...attempts.filter((a) => a > 1).map((a) => retryDelayMs(a - 1) / 1000),
  );

  const figures = {
    messages,
    downSeconds,
    answers: statusCounts(answers),
    acknowledged: answers.filter(acknowledged).length,
    stored,
    receivedWhileDown,
    drainAfterReturnSeconds: drainSeconds === null ? null : round(drainSeconds),
    longestBackoffSeconds: longestWaitSeconds,
    attempts: attempts.reduce<Record<number, number>>((all, a) => ({ ...all, [a]: (all[a] ?? 0) + 1 }), {}),
    mail,
  };
  console.log();
  printTable(
    ["figure", "value"],
    [
      ["messages acknowledged / stored", `${figures.acknowledged} / ${stored}`],
      ["SMTP down, s", downSeconds],
      ["e-mails received while down", receivedWhileDown],
      ["e-mails queued / delivered", `${mail.queued} / ${mail.delivered}`],
      ["missing / duplicates", `${mail.missing} / ${mail.duplicates}`],
      ["e-mails by attempts taken", JSON.stringify(figures.attempts)],
      ["longest backoff before the last try, s", figures.longestBackoffSeconds],
      ["outbox drained after return, s", figures.drainAfterReturnSeconds ?? "not in time"],
    ],
  );
  console.log(`\nwritten to ${writeResult("drill-smtp-down", { machine: machine(), ...figures })}`);

  const broken: string[] = [];
  if (figures.acknowledged !== messages || stored !== messages)
    broken.push(`${figures.acknowledged} of ${messages} acknowledged, ${stored} stored`);
  if (receivedWhileDown > 0)
    broken.push(`${receivedWhileDown} e-mails arrived while the SMTP server was down`);
  if (mail.queued !== 2 * messages) broken.push(`${mail.queued} e-mails queued for ${messages} messages`);
  if (mail.missing > 0 || mail.duplicates > 0 || mail.strangers > 0)
    broken.push(`e-mails: ${mail.missing} missing, ${mail.duplicates} duplicates, ${mail.strangers} unknown`);
  verdict(broken);
}

run(main);

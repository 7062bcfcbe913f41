/**
 * What the failure drills share (drill-crash.ts, drill-postgres-restart.ts, drill-smtp-down.ts): a
 * server with a real SMTP server, contact messages sent over HTTP, waiting for the mail outbox to drain
 * (read from /metrics while the server runs), and the count of what the database holds against what was
 * acknowledged and what the SMTP server received, by Message-ID (the outbox row's id).
 */
import { performance } from "node:perf_hooks";
import type { ServerProcess } from "../tests/support/server-process";
import type { SmtpCatcher } from "../tests/support/smtp-catcher";

export const CONTACT = "/contact/real-estate-lead-generation-services";
/** For /metrics, which the drills read to see the outbox drain. */
export const METRICS_TOKEN = "drill-metrics-token-0123456789abcdef";
export const MAIL_FROM_DOMAIN = "leadworks.example";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export interface Answer {
  email: string;
  /** HTTP status, or 0 when the request failed without one (connection refused or reset). */
  status: number;
  retryAfter: string | null;
  startedAt: number;
  ms: number;
}

/** Sends one contact message from `email`; never throws. */
export async function sendContact(url: string, email: string, timeoutMs = 30_000): Promise<Answer> {
  const startedAt = performance.now();
  try {
    const response = await fetch(url + CONTACT, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "Drill Sender",
        email,
        company: "",
        subject: "Selling my house",
        message: "Please call me back about selling my house this spring.",
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    const retryAfter = response.headers.get("retry-after");
    return { email, status: response.status, retryAfter, startedAt, ms: performance.now() - startedAt };
  } catch {
    return { email, status: 0, retryAfter: null, startedAt, ms: performance.now() - startedAt };
  }
}

/** How many answers had each status (0: none, the connection failed). */
export const statusCounts = (answers: Answer[]) =>
  answers.reduce<Record<string, number>>((all, a) => ({ ...all, [a.status]: (all[a.status] ?? 0) + 1 }), {});

/** An accepted contact message: the form's success answer. */
export const acknowledged = (answer: Answer) => answer.status === 200;

/** The mail outbox's pending rows as /metrics reports them (null while it cannot say). */
export async function mailBacklog(server: ServerProcess): Promise<number | null> {
  try {
    const response = await fetch(`${server.url}/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await response.text();
    const match = /^leadworks_queue_backlog\{queue="mail"\} (\d+)/m.exec(text);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Waits until the mail outbox is empty; returns the seconds it took, or null when it was not in time. */
export async function waitForDrain(server: ServerProcess, timeoutMs: number): Promise<number | null> {
  const began = performance.now();
  for (;;) {
    const pending = await mailBacklog(server);
    if (pending === 0) return (performance.now() - began) / 1000;
    if (performance.now() - began > timeoutMs) {
      console.log(`  the mail outbox still holds ${pending ?? "?"} e-mails after ${timeoutMs / 1000} s`);
      return null;
    }
    await sleep(500);
  }
}

export interface MailCount {
  queued: number;
  sentByOutbox: number;
  /** Outbox e-mails the SMTP server received at least once. */
  delivered: number;
  /** Outbox e-mails it never received. */
  missing: number;
  /** Copies beyond the first, over all e-mails. */
  duplicates: number;
  /** Messages that belong to no outbox row. */
  strangers: number;
  /** The last errors of rows still pending or failed, and how many had each. */
  errors: Record<string, number>;
}

/** Compares the outbox rows with what the SMTP server received. */
export function countMail(
  rows: { id: string; status: string; last_error: string | null }[],
  smtp: SmtpCatcher,
): MailCount {
  const counts = smtp.countsByMessageId();
  const ids = new Set(rows.map((row) => `<${row.id}@${MAIL_FROM_DOMAIN}>`));
  let delivered = 0;
  let duplicates = 0;
  for (const id of ids) {
    const n = counts.get(id) ?? 0;
    if (n > 0) delivered++;
    duplicates += Math.max(0, n - 1);
  }
  return {
    queued: rows.length,
    sentByOutbox: rows.filter((row) => row.status === "sent").length,
    delivered,
    missing: rows.length - delivered,
    duplicates,
    strangers: [...counts.keys()].filter((id) => !ids.has(id)).length,
    errors: rows
      .filter((row) => row.status !== "sent")
      .reduce<Record<string, number>>((all, row) => {
        const key = `${row.status}: ${row.last_error ?? "no error (leased or not yet due)"}`;
        all[key] = (all[key] ?? 0) + 1;
        return all;
      }, {}),
  };
}

/** The settings every drill server gets: real SMTP, no per-IP limit, /metrics for the drill. */
export const drillEnv = (smtp: SmtpCatcher): Record<string, string> => ({
  SMTP_URL: smtp.url,
  IP_RATE_LIMITS: "off",
  METRICS_TOKEN,
  MAIL_FROM: `Leadworks <no-reply@${MAIL_FROM_DOMAIN}>`,
  AUTH_SECRET: "drill-auth-secret-0123456789abcdef0123456789",
});

/** Throws (the drill exits 1) with the broken guarantees listed; call it after printing the figures. */
export function verdict(broken: string[]): void {
  if (broken.length === 0) {
    console.log("\nEvery guarantee held.");
    return;
  }
  throw new Error(`BROKEN:\n${broken.map((b) => `  - ${b}`).join("\n")}`);
}

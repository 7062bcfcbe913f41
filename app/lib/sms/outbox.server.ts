/**
 * The SMS outbox (ADR 045): text messages are rows written in the same transaction as the change that
 * causes them, like e-mails (ADR 007), and a worker in each server sends the due ones through the
 * provider (lib/sms/twilio.server.ts) under a lease, with retries and backoff while the provider is down
 * or busy. A refusal that would repeat (a bad number, a recipient who replied STOP) fails the text at
 * once; a STOP also turns the person's texts off, so the next change does not queue another.
 */
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Database, Queryable } from "~/db/client.server";
import { queryRows } from "~/db/query-rows";
import { notificationSettings, smsOutbox } from "~/db/schema";
import { env } from "~/lib/env.server";
import {
  attemptError,
  claimDue,
  dueBefore,
  pendingBacklog,
  sendWithinLease,
  startOutboxWorker,
  wakeups,
  type Backlog,
  type OutboxWorker,
} from "~/lib/outbox/outbox.server";

export interface OutgoingSms {
  /** The person texted (their STOP turns their texts off). */
  userId: string | null;
  /** E.164. */
  to: string;
  body: string;
}

/** Sends one text; returns the provider's id of it, or throws (an SmsSendError says whether to retry). */
export type SmsTransport = (sms: { to: string; body: string }) => Promise<{ providerId: string }>;

export class SmsSendError extends Error {
  /** Worth trying again later (the provider was down, busy or unreachable). */
  readonly retry: boolean;
  /** The recipient told the provider to stop (Twilio's 21610). */
  readonly optedOut: boolean;
  constructor(message: string, options: { retry: boolean; optedOut?: boolean }) {
    super(message);
    this.name = "SmsSendError";
    this.retry = options.retry;
    this.optedOut = options.optedOut ?? false;
  }
}

const enqueued = wakeups();

let refusedByDailyLimit = 0;
/** Texts not queued in this process because their company had its day's texts (metrics). */
export const smsDailyLimitRefusals = () => refusedByDailyLimit;

/**
 * Queues a text; returns its id, or null when the recipient's company was sent SMS_DAILY_LIMIT texts in
 * the last 24 hours (each costs; a bug or a flood of leads must not run up the bill). The count is a
 * soft cap: two transactions at once may both pass it by one.
 */
export async function enqueueSms(writer: Queryable, sms: OutgoingSms): Promise<string | null> {
  if (sms.userId) {
    const [today] = await queryRows<{ n: number }>(
      writer,
      sql`select count(*)::int as n from sms_outbox o join client_members m on m.user_id = o.user_id
          where m.company_id = (select company_id from client_members where user_id = ${sms.userId})
            and o.created_at > now() - interval '24 hours'`,
    );
    if ((today?.n ?? 0) >= env().SMS_DAILY_LIMIT) {
      refusedByDailyLimit++;
      return null;
    }
  }
  const [row] = await writer
    .insert(smsOutbox)
    .values({ userId: sms.userId, toNumber: sms.to, body: sms.body })
    .returning({ id: smsOutbox.id });
  enqueued.wake();
  return row!.id;
}

export const SMS_MAX_ATTEMPTS = 8;
/** 10 s, 20 s, 40 s ... capped at one hour: eight attempts span about an hour and a half. */
export const smsRetryDelayMs = (attempts: number) =>
  Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
/** A claimed text is leased this long; the transport's timeout (15 s) keeps one send well inside it. */
export const SMS_LEASE_MS = 60_000;
/** A send starts only while this much of the lease is left. */
const SEND_BUDGET_MS = 30_000;

/** Sends the due texts once; returns how many were sent. Safe to run from several processes. */
export async function deliverDueSms(db: Database, transport: SmsTransport, batch = 10): Promise<number> {
  const now = new Date();
  const claimed = await claimDue(db, smsOutbox, {
    id: smsOutbox.id,
    due: and(eq(smsOutbox.status, "pending"), lt(smsOutbox.nextAttemptAt, dueBefore(now))),
    orderBy: [asc(smsOutbox.nextAttemptAt), asc(smsOutbox.createdAt)],
    limit: batch,
    lease: { nextAttemptAt: new Date(now.getTime() + SMS_LEASE_MS) },
  });
  return sendWithinLease(
    claimed,
    { claimedAt: now.getTime(), leaseMs: SMS_LEASE_MS, budgetMs: SEND_BUDGET_MS },
    async (row) => {
      const { providerId } = await transport({ to: row.toNumber, body: row.body });
      await db
        .update(smsOutbox)
        .set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1, lastError: null, providerId })
        .where(eq(smsOutbox.id, row.id));
    },
    async (row, error) => {
      const attempts = row.attempts + 1;
      const known = error instanceof SmsSendError ? error : null;
      const retry = known ? known.retry : true;
      await db.transaction(async (tx) => {
        await tx
          .update(smsOutbox)
          .set({
            attempts,
            lastError: attemptError(error),
            status: !retry || attempts >= SMS_MAX_ATTEMPTS ? "failed" : "pending",
            nextAttemptAt: new Date(Date.now() + smsRetryDelayMs(attempts)),
          })
          .where(eq(smsOutbox.id, row.id));
        if (known?.optedOut && row.userId) {
          // Their STOP holds at the provider; ours stops queueing texts it would refuse anyway.
          await tx
            .update(notificationSettings)
            .set({ smsNewLeads: false, smsReminders: false, updatedAt: new Date() })
            .where(
              and(
                eq(notificationSettings.userId, row.userId),
                eq(notificationSettings.smsNumber, row.toNumber),
              ),
            );
        }
      });
    },
  );
}

/** What waits in the SMS outbox (metrics). */
export const smsBacklog = (db: Database): Promise<Backlog> =>
  pendingBacklog(db, smsOutbox, { status: smsOutbox.status, createdAt: smsOutbox.createdAt });

/** Polls the outbox every `intervalMs`, and at once when this process queues a text. */
export function startSmsWorker(options: {
  db: Database;
  transport: SmsTransport;
  intervalMs?: number;
}): OutboxWorker {
  return startOutboxWorker({
    name: "sms",
    pass: () => deliverDueSms(options.db, options.transport),
    intervalMs: options.intervalMs ?? 2_000,
    subscribe: enqueued.subscribe,
  });
}

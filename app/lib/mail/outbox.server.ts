/**
 * The mail outbox: e-mails are rows written in the same transaction as the change that causes them, so a
 * submission and its notifications commit together. A worker delivers them with retries and backoff,
 * which means nothing is lost while the SMTP server is down.
 */
import { byteaAsBase64 } from "~/db/bytea";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { log } from "~/lib/log.server";
import { mailOutbox, storedFiles, type MailAttachment } from "~/db/schema";

/** A transaction or the database itself: anything that can insert. */
export type Writer = Pick<Database, "insert">;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export async function enqueueMail(writer: Writer, mail: OutgoingMail): Promise<void> {
  await writer.insert(mailOutbox).values({
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    replyTo: mail.replyTo,
    attachments: mail.attachments ?? [],
  });
  mailEnqueued();
}

// ---------------------------------------------------------------- delivery

export interface DeliverableMail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** Sends one message or throws; SMTP and the .eml file writer implement it. */
export type MailTransport = (mail: DeliverableMail) => Promise<void>;

export const MAX_ATTEMPTS = 12;
/** 5 s, 10 s, 20 s ... capped at one hour between attempts. */
export const retryDelayMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
/** A claimed row is leased for this long; if its worker dies, another worker retries it after. */
const LEASE_MS = 5 * 60_000;

const listeners = new Set<() => void>();
function mailEnqueued() {
  for (const listener of listeners) listener();
}

/** Delivers due messages once; returns how many were sent. Safe to run from several processes. */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  from: string,
  batch = 10,
): Promise<number> {
  const now = new Date();
  // Claim a batch by pushing its next attempt into the future (a lease); SKIP LOCKED lets several
  // server instances share one PostgreSQL outbox without sending a message twice.
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(batch)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });

  let sent = 0;
  for (const row of claimed) {
    try {
      const attachments = [];
      for (const attachment of row.attachments) {
        const [file] = await db
          .select({ data: byteaAsBase64(storedFiles.data) })
          .from(storedFiles)
          .where(eq(storedFiles.id, attachment.fileId));
        if (file) {
          attachments.push({
            filename: attachment.fileName,
            contentType: attachment.contentType,
            content: Buffer.from(file.data, "base64"),
          });
        }
      }
      await transport({
        from,
        to: row.toAddress,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        attachments,
      });
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      sent++;
    } catch (error) {
      const attempts = row.attempts + 1;
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: String((error as Error)?.message ?? error).slice(0, 500),
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
        })
        .where(eq(mailOutbox.id, row.id));
    }
  }
  return sent;
}

/** What waits in the outbox: pending messages and how long the oldest has waited (metrics). */
export interface Backlog {
  pending: number;
  oldestPendingSeconds: number;
}

export async function mailBacklog(db: Database): Promise<Backlog> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      oldest: sql<number>`coalesce(extract(epoch from (now() - min(${mailOutbox.createdAt}))), 0)::float8`,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, "pending"));
  return { pending: row?.pending ?? 0, oldestPendingSeconds: Math.max(0, row?.oldest ?? 0) };
}

/** A pass making no progress for this long means the worker is stuck (on a hung SMTP connection, say). */
export const STALLED_AFTER_MS = 2 * 60_000;

export type WorkerState = "running" | "stalled" | "stopped";

export interface MailWorker {
  /** Runs a delivery pass now (tests, and after an enqueue). */
  kick(): void;
  /** Running, stopped, or stalled: in a pass that has made no progress for STALLED_AFTER_MS (readiness). */
  state(): WorkerState;
  stop(): Promise<void>;
}

/** Polls the outbox every `intervalMs`, and at once when this process enqueues a message. */
export function startMailWorker(options: {
  db: Database;
  transport: MailTransport;
  from: string;
  intervalMs?: number;
}): MailWorker {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  /** When the pass in progress last started or finished a batch. */
  let progressAt = Date.now();
  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    progressAt = Date.now();
    running = (async () => {
      do {
        again = false;
        try {
          while ((await deliverDueMail(options.db, options.transport, options.from)) > 0 && !stopped)
            progressAt = Date.now();
        } catch (error) {
          log.warn({ error }, "[mail] delivery pass failed");
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(pass, options.intervalMs ?? 2_000);
  timer.unref();
  listeners.add(pass);
  pass();
  return {
    kick: pass,
    state: () =>
      stopped ? "stopped" : running && Date.now() - progressAt > STALLED_AFTER_MS ? "stalled" : "running",
    async stop() {
      stopped = true;
      clearInterval(timer);
      listeners.delete(pass);
      await running;
    },
  };
}

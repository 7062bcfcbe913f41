/**
 * The mail outbox: e-mails are rows written in the same transaction as the change that causes them, so a
 * submission and its notifications commit together. A worker delivers them with retries and backoff,
 * which means nothing is lost while the SMTP server is down.
 */
import { readStoredFile } from "~/lib/files/stored-files.server";
import { and, asc, eq, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { mailOutbox, type MailAttachment, type MailHeaders } from "~/db/schema";
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
import { AUTO_GENERATED } from "./auto-submitted";

/** A transaction or the database itself: anything that can insert. */
export type Writer = Pick<Database, "insert">;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where an answer goes when a person can answer (the sender's address is not read). */
  replyTo?: string;
  attachments?: MailAttachment[];
  /** Header fields beyond the usual ones; `Auto-Submitted: auto-generated` unless they say otherwise. */
  headers?: MailHeaders;
}

export async function enqueueMail(writer: Writer, mail: OutgoingMail): Promise<string> {
  const [row] = await writer
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      replyTo: mail.replyTo,
      attachments: mail.attachments ?? [],
      headers: { ...AUTO_GENERATED, ...mail.headers },
    })
    .returning({ id: mailOutbox.id });
  mailEnqueued();
  return row!.id;
}

// ---------------------------------------------------------------- delivery

export interface DeliverableMail {
  /** `<outbox-id@sender's domain>`: the same on every attempt, so a copy sent twice is recognisable. */
  messageId: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  headers: MailHeaders;
}

/** Sends one message or throws; SMTP and the .eml file writer implement it. */
export type MailTransport = (mail: DeliverableMail) => Promise<void>;

export const MAX_ATTEMPTS = 12;
/** 5 s, 10 s, 20 s ... capped at one hour between attempts. */
export const retryDelayMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
/**
 * A claimed row is leased for this long; if its worker dies (kill -9, a crashed machine), another worker,
 * or the same server started again, retries it after. Short, so that a crash delays mail by a minute.
 */
export const LEASE_MS = 60_000;
/**
 * A send starts only while this much of the lease is left. The SMTP timeouts (transports.server.ts) keep
 * one send under it, so no other worker takes a row while it is being sent; the rest of a batch that ran
 * long waits for its lease to end.
 */
export const SEND_BUDGET_MS = 45_000;

const enqueued = wakeups();
const mailEnqueued = () => enqueued.wake();

/** The Message-ID of an outbox row's e-mail: its id at the domain of the sender's address. */
export const outboxMessageId = (id: string, from: string) =>
  `<${id}@${/@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "leadworks.invalid"}>`;

/** Delivers due messages once; returns how many were sent. Safe to run from several processes. */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  from: string,
  batch = 10,
): Promise<number> {
  const now = new Date();
  // The lease pushes the next attempt into the future; SKIP LOCKED lets several server instances share
  // one PostgreSQL outbox without sending a message twice (lib/outbox).
  const claimed = await claimDue(db, mailOutbox, {
    id: mailOutbox.id,
    due: and(eq(mailOutbox.status, "pending"), lt(mailOutbox.nextAttemptAt, dueBefore(now))),
    // Longest due first: during an outage the retries of old e-mails must not starve new ones.
    orderBy: [asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt)],
    limit: batch,
    lease: { nextAttemptAt: new Date(now.getTime() + LEASE_MS) },
  });

  return sendWithinLease(
    claimed,
    { claimedAt: now.getTime(), leaseMs: LEASE_MS, budgetMs: SEND_BUDGET_MS },
    async (row) => {
      const attachments = [];
      for (const attachment of row.attachments) {
        const content = await readStoredFile(db, attachment.fileId);
        if (content) {
          attachments.push({ filename: attachment.fileName, contentType: attachment.contentType, content });
        }
      }
      await transport({
        messageId: outboxMessageId(row.id, from),
        from,
        to: row.toAddress,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        attachments,
        headers: row.headers,
      });
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, row.id));
    },
    async (row, error) => {
      const attempts = row.attempts + 1;
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: attemptError(error),
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
        })
        .where(eq(mailOutbox.id, row.id));
    },
  );
}

/** What waits in the mail outbox (metrics). */
export const mailBacklog = (db: Database): Promise<Backlog> =>
  pendingBacklog(db, mailOutbox, { status: mailOutbox.status, createdAt: mailOutbox.createdAt });

/** Polls the outbox every `intervalMs`, and at once when this process enqueues a message. */
export function startMailWorker(options: {
  db: Database;
  transport: MailTransport;
  from: string;
  intervalMs?: number;
}): OutboxWorker {
  return startOutboxWorker({
    name: "mail",
    pass: () => deliverDueMail(options.db, options.transport, options.from),
    intervalMs: options.intervalMs ?? 2_000,
    subscribe: enqueued.subscribe,
  });
}

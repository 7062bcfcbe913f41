/**
 * Every piece of background work the server runs, in one list (ADR 031): the runtime (lib/jobs) starts and
 * stops it, and /metrics and /readyz read it. A new queue or periodic task is one more entry here.
 */
import type { DatabaseHandle } from "~/db/client.server";
import { TIDY_EVERY_MS, tidyGrownTables } from "~/db/maintenance.server";
import {
  importBacklog,
  startImportWorker,
  SWEEP_UPLOADS_EVERY_MS,
  sweepStaleUploads,
} from "~/features/leads/import/job.server";
import { pruneIdempotencyKeys } from "~/features/leads/api/api.server";
import { routingBacklog, startRoutingWorker } from "~/features/leads/routing/routing.server";
import { sendNewLeadDigests } from "~/features/leads/new-lead-digest.server";
import { FEEDBACK_DIGEST_CHECK_MS, sendFeedbackDigest } from "~/features/leads/feedback-digest.server";
import { REMINDER_CHECK_MS, sendFeedbackReminders } from "~/features/leads/feedback-reminders.server";
import { COMPACT_EVERY_MS, compactInsightCounts } from "~/features/leads/insights/insight-counts.server";
import type { ObjectStore } from "~/lib/files/object-store.server";
import { sweepOrphanObjects } from "~/lib/files/stored-files.server";
import type { JobDefinition } from "~/lib/jobs/runtime.server";
import { log } from "~/lib/log.server";
import { mailBacklog, startMailWorker, type MailTransport } from "~/lib/mail/outbox.server";
import { pruneRateLimitHits } from "~/lib/rate-limit.server";
import { smsBacklog, startSmsWorker, type SmsTransport } from "~/lib/sms/outbox.server";
import { startWebhookWorker } from "~/lib/webhooks/delivery.server";
import { webhookBacklog } from "~/lib/webhooks/outbox.server";
import { releaseExpiredTeamInvitations } from "~/features/auth/client-team.server";

const HOUR_MS = 3_600_000;

export interface JobContext {
  database: DatabaseHandle;
  mail: { transport: MailTransport; from: string };
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES. */
  webhooksAllowPrivate: boolean;
  /** The file bucket (FILE_STORAGE=s3), whose orphans are swept. */
  fileStore: ObjectStore | null;
  /** The SMS provider (SMS_PROVIDER), whose queue runs only when texts are on. */
  sms?: SmsTransport | null;
}

export function backgroundJobs({
  database,
  mail,
  webhooksAllowPrivate,
  fileStore,
  sms,
}: JobContext): JobDefinition[] {
  const { db } = database;
  const embedded = database.kind !== "postgres";
  return [
    {
      kind: "queue",
      name: "mail",
      start: () => startMailWorker({ db, transport: mail.transport, from: mail.from }),
      backlog: mailBacklog,
    },
    // Off, no text is ever queued (lib/sms): no worker, no queue in the metrics.
    ...(sms
      ? [
          {
            kind: "queue",
            name: "sms",
            start: () => startSmsWorker({ db, transport: sms }),
            backlog: smsBacklog,
          } satisfies JobDefinition,
        ]
      : []),
    {
      kind: "queue",
      name: "webhooks",
      start: () => startWebhookWorker({ db, allowPrivate: webhooksAllowPrivate }),
      backlog: webhookBacklog,
    },
    {
      kind: "queue",
      name: "imports",
      // The embedded database is locked to this server: a job still leased at start was its own.
      start: () => startImportWorker({ db, soleWorker: embedded }),
      backlog: importBacklog,
    },
    {
      kind: "queue",
      name: "routing",
      start: () => startRoutingWorker({ db }),
      backlog: routingBacklog,
    },
    {
      kind: "periodic",
      name: "prune-rate-limit-hits",
      everyMs: HOUR_MS,
      scope: "cluster",
      run: () => pruneRateLimitHits(db),
    },
    {
      kind: "periodic",
      name: "release-expired-invitations",
      everyMs: HOUR_MS,
      scope: "cluster",
      run: () => releaseExpiredTeamInvitations(db).then(() => undefined),
    },
    {
      kind: "periodic",
      name: "prune-idempotency-keys",
      everyMs: HOUR_MS,
      scope: "cluster",
      run: () => pruneIdempotencyKeys(db),
    },
    {
      kind: "periodic",
      name: "compact-insight-counts",
      everyMs: COMPACT_EVERY_MS,
      scope: "cluster",
      run: () => compactInsightCounts(db),
    },
    {
      kind: "periodic",
      name: "new-lead-digests",
      // Hourly: each client's digest goes 24 hours after their last one.
      everyMs: HOUR_MS,
      scope: "cluster",
      run: () => sendNewLeadDigests(db).then(() => undefined),
    },
    {
      kind: "periodic",
      name: "feedback-digests",
      // The staff's digest goes at opening time in the agency's time zone: looking every quarter hour
      // sends it by 9:15; the day's row makes it once a day whichever server looks.
      everyMs: FEEDBACK_DIGEST_CHECK_MS,
      scope: "cluster",
      async run() {
        const outcome = await sendFeedbackDigest(db);
        if (outcome.kind === "sent" && outcome.recipients > 0) {
          log.info(
            { day: outcome.day, entries: outcome.entries, recipients: outcome.recipients },
            `[mail] feedback digest of ${outcome.day} written for ${outcome.recipients} admin(s)`,
          );
        }
      },
    },
    {
      kind: "periodic",
      name: "feedback-reminders",
      // A lead waiting past its company's time reminds within this long; each delivery's row in
      // lead_reminders makes it once, whichever server looks.
      everyMs: REMINDER_CHECK_MS,
      scope: "cluster",
      async run() {
        const outcome = await sendFeedbackReminders(db);
        if (outcome.leads > 0) {
          log.info(
            { leads: outcome.leads, mails: outcome.mails, texts: outcome.texts },
            `[mail] reminders of ${outcome.leads} lead(s) waiting for feedback: ${outcome.mails} e-mail(s), ${outcome.texts} text(s)`,
          );
        }
      },
    },
    {
      kind: "periodic",
      name: "sweep-stale-uploads",
      everyMs: SWEEP_UPLOADS_EVERY_MS,
      scope: "cluster",
      run: () => sweepStaleUploads(db),
    },
    ...(fileStore
      ? [
          {
            kind: "periodic",
            name: "sweep-orphan-objects",
            everyMs: HOUR_MS,
            scope: "cluster",
            async run() {
              const swept = await sweepOrphanObjects(db, fileStore);
              if (swept) log.info(`[files] deleted ${swept} objects no file names`);
            },
          } satisfies JobDefinition,
        ]
      : []),
    // PostgreSQL's autovacuum keeps statistics fresh; the embedded database has none, and no other server.
    ...(embedded
      ? [
          {
            kind: "periodic",
            name: "tidy-tables",
            everyMs: TIDY_EVERY_MS,
            scope: "local",
            run: () => tidyGrownTables(db),
          } satisfies JobDefinition,
        ]
      : []),
  ];
}

/**
 * Pausing an endpoint that keeps failing (issue 23, ADR 032). Each recorded attempt updates its endpoint's
 * run of failures (how many since the last 2xx, and since when). An endpoint is paused once every attempt
 * has failed for PAUSE_AFTER_MS and at least PAUSE_MIN_FAILURES times: an outage of an hour or two (a
 * deploy, a certificate renewed late) rides on the retries, while an endpoint that is gone stops taking
 * delivery slots, its owner is told by e-mail (in the same transaction) and on their settings page, the
 * admins who want it by e-mail as well (once per pause: the pause is the mark of one run of failures), and
 * its events are held, neither sent nor given up, until the owner resumes it (the "Resume deliveries"
 * button, or saving the URL), which sends them in order with 24 hours of retries from then.
 */
import { and, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { audit } from "~/lib/audit.server";
import { findClientAccount } from "~/lib/client-accounts.server";
import { env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { mailAdminsWanting } from "~/lib/mail/notification-settings.server";
import { enqueueMail } from "~/lib/mail/outbox.server";
import { webhookPausedMail, webhookPausedStaffMail } from "~/lib/mail/templates/webhooks";

/**
 * Six hours of nothing but failures: long past any planned outage, and still 18 hours before the first of
 * the held events would have been given up (24 hours), so pausing loses nothing.
 */
export const PAUSE_AFTER_MS = 6 * 3_600_000;
/** And at least this many attempts in that time (the backoff makes ~13 for one event in six hours). */
export const PAUSE_MIN_FAILURES = 10;

/** One recorded attempt, in the order the attempts finished. */
export interface AttemptResult {
  clientId: string;
  ok: boolean;
  at: Date;
}

interface Run {
  clientId: string;
  /** A 2xx among these attempts: the run restarts from the failures after the last one. */
  anySuccess: boolean;
  failures: number;
  firstFailureAt: string | null;
}

/** Per client: the failures after its last success in `attempts` (all of them when none succeeded). */
function runsOf(attempts: readonly AttemptResult[]): Run[] {
  const runs = new Map<string, Run>();
  for (const attempt of attempts) {
    const run = runs.get(attempt.clientId) ?? {
      clientId: attempt.clientId,
      anySuccess: false,
      failures: 0,
      firstFailureAt: null,
    };
    if (attempt.ok) Object.assign(run, { anySuccess: true, failures: 0, firstFailureAt: null });
    else {
      run.failures++;
      run.firstFailureAt ??= attempt.at.toISOString();
    }
    runs.set(attempt.clientId, run);
  }
  return [...runs.values()];
}

/**
 * Adds the attempts to their endpoints' runs of failures and pauses those that reached the threshold, in
 * the caller's transaction (the one recording the attempts); returns the clients paused now.
 */
export async function recordEndpointHealth(
  tx: Transaction,
  attempts: readonly AttemptResult[],
): Promise<string[]> {
  const runs = runsOf(attempts);
  if (runs.length === 0) return [];
  await tx.execute(sql`update webhook_endpoints w set
      consecutive_failures = case when r."anySuccess" then r.failures else w.consecutive_failures + r.failures end,
      failing_since = case when r.failures = 0 then null
        when r."anySuccess" then r."firstFailureAt" else coalesce(w.failing_since, r."firstFailureAt") end
    from jsonb_to_recordset(${JSON.stringify(runs)}::jsonb)
      as r("clientId" text, "anySuccess" boolean, failures int, "firstFailureAt" timestamptz)
    where w.client_id = r."clientId"`);
  const failing = runs.filter((run) => run.failures > 0).map((run) => run.clientId);
  if (failing.length === 0) return [];
  const paused = await tx
    .update(webhookEndpoints)
    .set({ pausedAt: new Date() })
    .where(
      and(
        inArray(webhookEndpoints.clientId, failing),
        isNull(webhookEndpoints.pausedAt),
        sql`${webhookEndpoints.consecutiveFailures} >= ${PAUSE_MIN_FAILURES}`,
        lte(webhookEndpoints.failingSince, new Date(Date.now() - PAUSE_AFTER_MS)),
      ),
    )
    .returning({
      clientId: webhookEndpoints.clientId,
      url: webhookEndpoints.url,
      failingSince: webhookEndpoints.failingSince,
      failures: webhookEndpoints.consecutiveFailures,
    });
  for (const endpoint of paused) {
    const details = {
      url: endpoint.url,
      failingSince: endpoint.failingSince?.toISOString() ?? null,
      failures: endpoint.failures,
    };
    await audit(tx, null, endpoint.clientId, "webhook.paused", details);
    await mailPaused(
      tx,
      endpoint.clientId,
      endpoint.url,
      endpoint.failingSince ?? new Date(),
      endpoint.failures,
    );
    log.warn({ clientId: endpoint.clientId, ...details }, "[webhooks] endpoint paused after failing");
  }
  return paused.map((endpoint) => endpoint.clientId);
}

/** Tells the client, and the admins who want to hear of it, that the endpoint is paused. */
async function mailPaused(tx: Transaction, clientId: string, url: string, since: Date, failures: number) {
  const client = await findClientAccount(tx, clientId);
  if (!client) return;
  const config = env();
  const companyName = client.companyName || client.email;
  await enqueueMail(
    tx,
    webhookPausedMail({
      to: client.email,
      greetingName: client.firstName || client.companyName || "there",
      companyName,
      url,
      since,
      failures,
      siteUrl: config.SITE_URL,
      contactEmail: config.CONTACT_EMAIL,
    }),
  );
  const lastError = await lastAnswerOf(tx, clientId);
  await mailAdminsWanting(tx, "webhook_alerts", (admin) =>
    webhookPausedStaffMail({
      to: admin.email,
      greetingName: admin.firstName || "there",
      clientId,
      companyName,
      clientEmail: client.email,
      url,
      since,
      failures,
      lastError,
      timeZone: config.AGENCY_TIME_ZONE,
      siteUrl: config.SITE_URL,
      optOut: admin.optOut,
    }),
  );
}

/**
 * The answer of the endpoint's latest attempt as its delivery log words it ("HTTP 500", a timeout). Once
 * per pause, so reading the client's attempted rows without an index of its own is fine.
 */
async function lastAnswerOf(tx: Transaction, clientId: string): Promise<string | null> {
  const [last] = await tx
    .select({ statusCode: webhookDeliveries.lastStatusCode, error: webhookDeliveries.lastError })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.clientId, clientId), isNotNull(webhookDeliveries.lastAttemptAt)))
    .orderBy(desc(webhookDeliveries.lastAttemptAt))
    .limit(1);
  return last?.error ?? (last?.statusCode ? `HTTP ${last.statusCode}` : null);
}

/**
 * Lifts the pause of `clientId`'s endpoint and makes its held events due now, with 24 hours of retries from
 * now (at least); also forgets the run of failures. False when it was not paused.
 */
export async function resumeEndpoint(tx: Transaction, clientId: string): Promise<boolean> {
  const resumed = await tx
    .update(webhookEndpoints)
    .set({ pausedAt: null, consecutiveFailures: 0, failingSince: null })
    .where(and(eq(webhookEndpoints.clientId, clientId), isNotNull(webhookEndpoints.pausedAt)))
    .returning({ clientId: webhookEndpoints.clientId });
  if (resumed.length === 0) return false;
  await tx
    .update(webhookDeliveries)
    .set({
      nextAttemptAt: new Date(),
      giveUpAt: sql`greatest(${webhookDeliveries.giveUpAt}, now() + interval '24 hours')`,
    })
    .where(
      and(
        eq(webhookDeliveries.clientId, clientId),
        eq(webhookDeliveries.status, "pending"),
        // Not one in flight (it records its own outcome); an expired claim is due again anyway.
        or(isNull(webhookDeliveries.claimToken), lte(webhookDeliveries.nextAttemptAt, new Date())),
      ),
    );
  return true;
}

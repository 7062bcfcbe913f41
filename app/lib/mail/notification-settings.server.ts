/**
 * Which notifications a person gets by e-mail, and the signed one-click unsubscribe of each (issue 27,
 * RFC 8058). Every notification send asks `notificationOptOut` first: null means the person turned that
 * kind off (or wants new leads in the daily digest), otherwise it is the opt-out the message carries.
 * Mail that answers the person's own action (sign-up, reset, a form's receipt) or stops their systems (a
 * paused webhook) is not a notification and has no setting.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import type { NewLeadsMailChoice } from "~/db/enums";
import { notificationSettings } from "~/db/schema";
import { resolveAuthSecret } from "~/lib/auth-secret.server";
import { env } from "~/lib/env.server";
import type { OptOut } from "./templates/opt-out";

export const notificationKinds = ["new_leads", "returns", "import_reports"] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export interface NotificationSettings {
  newLeads: NewLeadsMailChoice;
  returns: boolean;
  importReports: boolean;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  newLeads: "immediate",
  returns: true,
  importReports: true,
};

/** What each kind is called where a person turns it off. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  new_leads: "e-mails about new leads assigned to you",
  returns: "e-mails about your return requests",
  import_reports: "reports of the imports you start",
};

export async function notificationSettingsOf(db: Queryable, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({
      newLeads: notificationSettings.newLeads,
      returns: notificationSettings.returns,
      importReports: notificationSettings.importReports,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? DEFAULT_NOTIFICATION_SETTINGS;
}

export async function saveNotificationSettings(
  db: Queryable,
  userId: string,
  settings: NotificationSettings,
): Promise<void> {
  // Choosing the digest starts it from now: leads assigned before were announced under the old choice.
  const digestThrough = settings.newLeads === "digest" ? new Date() : null;
  await db
    .insert(notificationSettings)
    .values({ userId, ...settings, digestThrough })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: {
        ...settings,
        updatedAt: new Date(),
        // Keep a running digest's mark; start one that was not running.
        digestThrough:
          settings.newLeads === "digest" ? sql`coalesce(${notificationSettings.digestThrough}, now())` : null,
      },
    });
}

/** Turns one kind off at once: the one-click unsubscribe. */
export async function turnOffNotification(db: Queryable, userId: string, kind: NotificationKind) {
  const current = await notificationSettingsOf(db, userId);
  await saveNotificationSettings(db, userId, {
    ...current,
    ...(kind === "new_leads" ? { newLeads: "none" as const } : {}),
    ...(kind === "returns" ? { returns: false } : {}),
    ...(kind === "import_reports" ? { importReports: false } : {}),
  });
}

// ---------------------------------------------------------------- signed unsubscribe links

const key = () =>
  crypto.createHmac("sha256", resolveAuthSecret(env())).update("leadworks:unsubscribe:v1").digest();

const sign = (payload: string) => crypto.createHmac("sha256", key()).update(payload).digest("base64url");

/** `<base64url(userId:kind)>.<HMAC>`: names the person and kind, and only this server can make one. */
export function unsubscribeToken(userId: string, kind: NotificationKind): string {
  const payload = Buffer.from(`${userId}:${kind}`).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The person and kind of a token this server signed; null for anything else (tampered, truncated, junk). */
export function readUnsubscribeToken(token: string): { userId: string; kind: NotificationKind } | null {
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const [userId, kind] = Buffer.from(payload, "base64url").toString("utf8").split(":");
  if (!userId || !notificationKinds.includes(kind as NotificationKind)) return null;
  return { userId, kind: kind as NotificationKind };
}

export function optOutFor(userId: string, kind: NotificationKind): OptOut {
  const site = env().SITE_URL;
  return {
    unsubscribeUrl: `${site}/unsubscribe?token=${unsubscribeToken(userId, kind)}`,
    settingsUrl: `${site}/account#notifications`,
  };
}

/**
 * The opt-out a notification of `kind` to `userId` carries now, or null when they do not want it now
 * (turned off, or new leads only in the daily digest).
 */
export async function notificationOptOut(
  db: Queryable,
  userId: string,
  kind: NotificationKind,
  { daily = false } = {},
): Promise<OptOut | null> {
  const settings = await notificationSettingsOf(db, userId);
  const wanted =
    kind === "new_leads"
      ? settings.newLeads === (daily ? "digest" : "immediate")
      : kind === "returns"
        ? settings.returns
        : settings.importReports;
  return wanted ? optOutFor(userId, kind) : null;
}

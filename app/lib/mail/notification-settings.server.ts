/**
 * Which notifications a person gets by e-mail, and the signed one-click unsubscribe of each (issue 27,
 * RFC 8058). Every notification send asks `notificationOptOut` first: null means the person turned that
 * kind off (or wants new leads in the daily digest), otherwise it is the opt-out the message carries.
 * Mail that answers the person's own action (sign-up, reset, a form's receipt) or stops their systems (a
 * client's paused webhook) is not a notification and has no setting; the staff's notice of that pause is.
 */
import crypto from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import type { NewLeadsMailChoice } from "~/db/enums";
import { notificationSettings, profiles, user, userRoles } from "~/db/schema";
import { resolveAuthSecret } from "~/lib/auth-secret.server";
import { smsEnabled } from "~/lib/sms/sms.server";
import { env } from "~/lib/env.server";
import { enqueueMail, type OutgoingMail } from "./outbox.server";
import type { OptOut } from "./templates/opt-out";

export const notificationKinds = [
  "new_leads",
  "returns",
  "import_reports",
  "feedback_digest",
  "webhook_alerts",
  "lead_reminders",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export interface NotificationSettings {
  newLeads: NewLeadsMailChoice;
  returns: boolean;
  importReports: boolean;
  feedbackDigest: boolean;
  webhookAlerts: boolean;
  leadReminders: boolean;
  /** Text messages (ADR 045): the person's mobile number (E.164) and what they asked to be texted about. */
  smsNumber: string | null;
  smsNewLeads: boolean;
  smsReminders: boolean;
}

/**
 * Everything on. The admins' two are on as well: the feedback digest is at most one e-mail a business
 * day and none on a day without feedback, and a paused webhook means a client stopped receiving leads;
 * off by default, the agency would again learn of either only with an admin page open (issue 27).
 */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  newLeads: "immediate",
  returns: true,
  importReports: true,
  feedbackDigest: true,
  webhookAlerts: true,
  // A reminder comes only when a lead waited past the company's chosen time, at most once per lead.
  leadReminders: true,
  // Texts only when asked for: they cost, and reach a phone at any hour.
  smsNumber: null,
  smsNewLeads: false,
  smsReminders: false,
};

/** The kinds that are on or off, and their setting. */
export type SwitchKind = Exclude<NotificationKind, "new_leads">;
export const switchOf = {
  returns: "returns",
  import_reports: "importReports",
  feedback_digest: "feedbackDigest",
  webhook_alerts: "webhookAlerts",
  lead_reminders: "leadReminders",
} as const satisfies Record<SwitchKind, keyof NotificationSettings>;

/** What each kind is called where a person turns it off. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  new_leads: "e-mails about new leads assigned to you",
  returns: "e-mails about your return requests",
  import_reports: "reports of the imports you start",
  feedback_digest: "the daily digest of client feedback",
  webhook_alerts: "notices of paused client webhooks",
  lead_reminders: "reminders about leads waiting for your feedback",
};

export async function notificationSettingsOf(db: Queryable, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({
      newLeads: notificationSettings.newLeads,
      returns: notificationSettings.returns,
      importReports: notificationSettings.importReports,
      feedbackDigest: notificationSettings.feedbackDigest,
      webhookAlerts: notificationSettings.webhookAlerts,
      leadReminders: notificationSettings.leadReminders,
      smsNumber: notificationSettings.smsNumber,
      smsNewLeads: notificationSettings.smsNewLeads,
      smsReminders: notificationSettings.smsReminders,
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
        // A new number is unconfirmed until its code comes back (sms/confirmation.server.ts).
        smsConfirmedAt: sql`case when ${notificationSettings.smsNumber} is not distinct from excluded.sms_number
          then ${notificationSettings.smsConfirmedAt} end`,
        // Keep a running digest's mark; start one that was not running.
        digestThrough:
          settings.newLeads === "digest" ? sql`coalesce(${notificationSettings.digestThrough}, now())` : null,
      },
    });
}

/** Turns one kind off at once: the one-click unsubscribe. */
export async function turnOffNotification(db: Queryable, userId: string, kind: NotificationKind) {
  const current = await notificationSettingsOf(db, userId);
  await saveNotificationSettings(
    db,
    userId,
    kind === "new_leads" ? { ...current, newLeads: "none" } : { ...current, [switchOf[kind]]: false },
  );
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
    kind === "new_leads" ? settings.newLeads === (daily ? "digest" : "immediate") : settings[switchOf[kind]];
  return wanted ? optOutFor(userId, kind) : null;
}

/** What a person may be texted about. */
export type TextKind = "new_leads" | "reminders";

/**
 * The number to text `userId` about `kind` now, or null: texts are off here (SMS_PROVIDER), or the person
 * did not ask for this kind, saved no number, or has not confirmed it with the code texted to it.
 */
export async function textNumberFor(db: Queryable, userId: string, kind: TextKind): Promise<string | null> {
  if (!smsEnabled()) return null;
  const [row] = await db
    .select({
      number: notificationSettings.smsNumber,
      confirmedAt: notificationSettings.smsConfirmedAt,
      newLeads: notificationSettings.smsNewLeads,
      reminders: notificationSettings.smsReminders,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const wanted = kind === "new_leads" ? row?.newLeads : row?.reminders;
  return wanted && row?.number && row.confirmedAt ? row.number : null;
}

/** Whether the person's saved number has been confirmed with its code (false when there is none). */
export async function smsNumberConfirmed(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ confirmedAt: notificationSettings.smsConfirmedAt, number: notificationSettings.smsNumber })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return Boolean(row?.number && row.confirmedAt);
}

export interface StaffRecipient {
  userId: string;
  email: string;
  firstName: string | null;
  optOut: OptOut;
}

/**
 * The admins who want notifications of `kind` (an enabled account holding the admin role, and the kind on
 * in their settings), each with the opt-out their message carries.
 */
async function adminsWanting(db: Queryable, kind: SwitchKind): Promise<StaffRecipient[]> {
  const admins = await db
    .select({ userId: user.id, email: user.email, firstName: profiles.firstName })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .leftJoin(profiles, eq(profiles.userId, userRoles.userId))
    .where(and(eq(userRoles.role, "admin"), isNull(user.disabledAt)))
    .orderBy(asc(user.email));
  const wanting: StaffRecipient[] = [];
  for (const admin of admins) {
    const optOut = await notificationOptOut(db, admin.userId, kind);
    if (optOut) wanting.push({ ...admin, optOut });
  }
  return wanting;
}

/**
 * Writes one message of `kind` to each admin who wants it, in the caller's transaction; returns how many.
 * `compose` builds each one from the admin (their address, name and opt-out).
 */
export async function mailAdminsWanting(
  writer: Queryable,
  kind: SwitchKind,
  compose: (admin: StaffRecipient) => OutgoingMail,
): Promise<number> {
  const admins = await adminsWanting(writer, kind);
  for (const admin of admins) await enqueueMail(writer, compose(admin));
  return admins.length;
}

/**
 * A mobile number is confirmed before any lead goes to it: saving a new number texts it a 6-digit code
 * (kept as a hash for 10 minutes, 5 tries), and texts about leads go only to a number whose code came
 * back (notification-settings.server.ts, textNumberFor). Codes are limited per person per hour.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { notificationSettings } from "~/db/schema";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { enqueueSms } from "./outbox.server";

export const SMS_CODE_TTL_MS = 10 * 60_000;
export const SMS_CODE_TRIES = 5;
/** Codes one person may have texted in an hour (each is a text we pay for). */
export const SMS_CODES_PER_HOUR = 5;

const hashOf = (userId: string, code: string) =>
  crypto.createHash("sha256").update(`${userId}:${code}`).digest("hex");

export type CodeSent = "sent" | "too-many" | "refused";

/**
 * Texts a new code to the person's saved number (replacing any earlier one), unless they had
 * SMS_CODES_PER_HOUR this hour or the company's daily texts are used up.
 */
export async function sendSmsCode(tx: Transaction, userId: string, number: string): Promise<CodeSent> {
  if (
    !(await consumeRateLimit(tx, {
      bucket: `sms-code:${userId}`,
      max: SMS_CODES_PER_HOUR,
      windowMs: 3_600_000,
    }))
  ) {
    return "too-many";
  }
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  const queued = await enqueueSms(tx, {
    userId,
    to: number,
    body: `Leadworks: your code is ${code}. Enter it on your account page to get texts about your leads. It expires in 10 minutes.`,
  });
  if (!queued) return "refused";
  await tx
    .update(notificationSettings)
    .set({
      smsCodeHash: hashOf(userId, code),
      smsCodeExpiresAt: new Date(Date.now() + SMS_CODE_TTL_MS),
      smsCodeAttempts: 0,
    })
    .where(eq(notificationSettings.userId, userId));
  return "sent";
}

export type CodeCheck = "confirmed" | "wrong" | "expired";

/** Checks a typed code against the one texted; the number is confirmed when it matches in time. */
export async function confirmSmsCode(tx: Transaction, userId: string, code: string): Promise<CodeCheck> {
  const [row] = await tx
    .select({
      hash: notificationSettings.smsCodeHash,
      expiresAt: notificationSettings.smsCodeExpiresAt,
      attempts: notificationSettings.smsCodeAttempts,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .for("update");
  if (!row?.hash || !row.expiresAt || row.expiresAt <= new Date() || row.attempts >= SMS_CODE_TRIES) {
    return "expired";
  }
  const typed = Buffer.from(hashOf(userId, code));
  if (!crypto.timingSafeEqual(typed, Buffer.from(row.hash))) {
    await tx
      .update(notificationSettings)
      .set({ smsCodeAttempts: sql`${notificationSettings.smsCodeAttempts} + 1` })
      .where(eq(notificationSettings.userId, userId));
    return "wrong";
  }
  await tx
    .update(notificationSettings)
    .set({ smsConfirmedAt: new Date(), smsCodeHash: null, smsCodeExpiresAt: null, smsCodeAttempts: 0 })
    .where(eq(notificationSettings.userId, userId));
  return "confirmed";
}

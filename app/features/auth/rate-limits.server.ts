/**
 * Attempt limits for the account forms, per account (e-mail) and per client address (IPv6 by /64),
 * counted in the database so they hold across processes. Per-IP limits can be switched off for test
 * runs (IP_RATE_LIMITS=off); per-account limits always apply. Sign-in counts failures only and has its
 * own rules: sign-in-limits.server.ts.
 */
import { getDb } from "~/db/db.server";
import { env } from "~/lib/env.server";
import { ipRateLimitKey } from "~/lib/ip-rate-limit-key";
import { consumeRateLimit } from "~/lib/rate-limit.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Policy {
  perAccount?: { max: number; windowMs: number };
  perIp: { max: number; windowMs: number };
}

export const authLimits = {
  signUp: { perAccount: { max: 3, windowMs: HOUR }, perIp: { max: 10, windowMs: HOUR } },
  resetRequest: { perAccount: { max: 3, windowMs: HOUR }, perIp: { max: 10, windowMs: HOUR } },
  resetSubmit: { perIp: { max: 20, windowMs: HOUR } },
  confirmationResend: { perAccount: { max: 3, windowMs: HOUR }, perIp: { max: 10, windowMs: HOUR } },
} satisfies Record<string, Policy>;

export type AuthAction = keyof typeof authLimits;

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a while and try again.";

/**
 * Counts one attempt; false when the account or the address has used up its window. The address is
 * charged first, so a refused address never uses up an account's allowance.
 */
export async function allowAttempt(action: AuthAction, ip: string, accountKey?: string): Promise<boolean> {
  const policy: Policy = authLimits[action];
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (env().IP_RATE_LIMITS !== "off") {
      const ok = await consumeRateLimit(tx, {
        bucket: `auth:${action}:ip:${ipRateLimitKey(ip)}`,
        ...policy.perIp,
      });
      if (!ok) return false;
    }
    if (policy.perAccount && accountKey) {
      const ok = await consumeRateLimit(tx, {
        bucket: `auth:${action}:account:${accountKey.toLowerCase()}`,
        ...policy.perAccount,
      });
      if (!ok) return false;
    }
    return true;
  });
}

/**
 * Sign-in limits that stop password guessing without locking owners out (ADR 011). Only failures count,
 * and they count against the account at one address (account + address key, IPv6 by /64), so wrong
 * passwords typed elsewhere never block the owner. Two wider nets catch what the pair cannot see: one
 * address failing on many accounts (spraying; off with IP_RATE_LIMITS=off) and many addresses failing on
 * one account (a growing delay between attempts, never a lock). An address the account signed in from
 * recently (or reset its password from) is trusted: only its own pair limit applies to it.
 *
 * The gate runs before the password is checked, so a blocked attempt never tests one. It takes its
 * failure hits up front under the buckets' advisory locks (parallel attempts cannot all slip under a
 * limit) and gives them back when the password turns out right.
 */
import { getDb } from "~/db/db.server";
import { env } from "~/lib/env.server";
import { ipRateLimitKey } from "~/lib/ip-rate-limit-key";
import {
  addHit,
  bucketActivity,
  clearBucket,
  isRemembered,
  lockBucket,
  msUntilRoom,
  remember,
  removeHits,
  type Window,
} from "~/lib/rate-limit.server";
import type { Transaction } from "~/db/client.server";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface SignInPolicy {
  /** Failures on one account from one address key: beyond these, that pair waits for the window. */
  accountAtAddress: Window[];
  /** Failures from one address key on any accounts (spraying); skipped with IP_RATE_LIMITS=off. */
  address: Window[];
  /**
   * Failures on one account from every address: past `ceiling` within `windowMs`, each attempt waits
   * `firstDelayMs` after the latest failure, doubling per further failure up to `maxDelayMs`.
   */
  account: { ceiling: number; windowMs: number; firstDelayMs: number; maxDelayMs: number };
  /**
   * How long a sign-in (or password reset) from an address makes it trusted for that account; at most
   * REMEMBER_MS (30 days), how long rate-limit.server.ts keeps remembered facts.
   */
  trustMs: number;
}

export const defaultSignInPolicy: SignInPolicy = {
  accountAtAddress: [
    { max: 5, windowMs: 15 * MINUTE },
    { max: 20, windowMs: 24 * HOUR },
  ],
  address: [
    { max: 30, windowMs: 15 * MINUTE },
    { max: 100, windowMs: 24 * HOUR },
  ],
  account: { ceiling: 100, windowMs: 24 * HOUR, firstDelayMs: SECOND, maxDelayMs: 5 * MINUTE },
  trustMs: 30 * 24 * HOUR,
};

let policy = defaultSignInPolicy;

/** Puts another policy in force (tests shorten the windows); returns the function that restores the last. */
export function setSignInPolicy(next: SignInPolicy): () => void {
  const previous = policy;
  policy = next;
  return () => {
    policy = previous;
  };
}

/** An attempt let through the gate, holding its failure hits until the outcome is known. */
export interface SignInAttempt {
  email: string;
  addressKey: string;
  hitIds: number[];
}

export type SignInGate =
  { allowed: true; attempt: SignInAttempt } | { allowed: false; retryAfterSeconds: number };

const buckets = (email: string, addressKey: string) => ({
  accountAtAddress: `auth:signIn:failures:account-address:${email}|${addressKey}`,
  address: `auth:signIn:failures:address:${addressKey}`,
  account: `auth:signIn:failures:account:${email}`,
});

const trustFact = (email: string, addressKey: string) => `auth:signIn:trusted:${email}|${addressKey}`;

/** How long the account's attempts must still wait after its latest failure (0: none). */
async function accountDelayMs(tx: Transaction, bucket: string, limit: SignInPolicy["account"]) {
  const { hits, msSinceLatest } = await bucketActivity(tx, bucket, limit.windowMs);
  if (hits < limit.ceiling || msSinceLatest === null) return 0;
  const delay = Math.min(limit.firstDelayMs * 2 ** (hits - limit.ceiling), limit.maxDelayMs);
  return Math.max(0, delay - msSinceLatest);
}

/** Lets a sign-in attempt test its password, or says how many seconds it must wait. */
export async function startSignInAttempt(emailInput: string, ip: string): Promise<SignInGate> {
  const email = emailInput.toLowerCase();
  const addressKey = ipRateLimitKey(ip);
  const names = buckets(email, addressKey);
  const perAddress = env().IP_RATE_LIMITS !== "off";
  const current = policy;
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Always in this order (pair, address, account), so two attempts never wait on each other in a circle.
    await lockBucket(tx, names.accountAtAddress);
    if (perAddress) await lockBucket(tx, names.address);
    await lockBucket(tx, names.account);

    let waitMs = await msUntilRoom(tx, names.accountAtAddress, current.accountAtAddress);
    if (waitMs === 0 && !(await isRemembered(tx, trustFact(email, addressKey), current.trustMs))) {
      if (perAddress) waitMs = await msUntilRoom(tx, names.address, current.address);
      waitMs = Math.max(waitMs, await accountDelayMs(tx, names.account, current.account));
    }
    if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / SECOND) };

    const hitIds = [await addHit(tx, names.accountAtAddress), await addHit(tx, names.account)];
    if (perAddress) hitIds.push(await addHit(tx, names.address));
    return { allowed: true, attempt: { email, addressKey, hitIds } };
  });
}

/** The right password from this address: its failures on the account stop counting; maybe trust it. */
async function passwordProven(tx: Transaction, email: string, addressKey: string, trust: boolean) {
  const { accountAtAddress } = buckets(email, addressKey);
  await lockBucket(tx, accountAtAddress);
  await clearBucket(tx, accountAtAddress);
  if (trust) await remember(tx, trustFact(email, addressKey));
}

/**
 * Settles an attempt once the password was checked. A wrong one keeps the hits the gate took. A right
 * one gives them back and clears the pair's failures; only a real sign-in also trusts the address (an
 * unconfirmed or disabled account proved the password but got no session).
 */
export async function finishSignInAttempt(
  attempt: SignInAttempt,
  outcome: "wrong-password" | "right-password" | "signed-in",
): Promise<void> {
  if (outcome === "wrong-password") return;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await removeHits(tx, attempt.hitIds);
    await passwordProven(tx, attempt.email, attempt.addressKey, outcome === "signed-in");
  });
}

/** A password reset from an e-mailed link proves the owner: trust the address it came from. */
export async function trustAddressAfterReset(tx: Transaction, email: string, ip: string): Promise<void> {
  await passwordProven(tx, email.toLowerCase(), ipRateLimitKey(ip), true);
}

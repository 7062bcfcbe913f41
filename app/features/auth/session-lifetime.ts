/**
 * How long a session may live at most, counted from its creation, whatever its sliding expiry says
 * (better-auth extends a used session to a fresh week). Admins hold the keys to every account and lead,
 * so theirs is short: a working day. ADR 012.
 */
export const ABSOLUTE_LIFETIME_MS = {
  /** Ordinary users and clients. */
  user: 30 * 24 * 3_600_000,
  admin: 12 * 3_600_000,
} as const;

/** The absolute lifetime of a session whose user holds `roles` (the shortest that applies). */
export function absoluteLifetimeMs(roles: readonly string[]): number {
  return roles.includes("admin") ? ABSOLUTE_LIFETIME_MS.admin : ABSOLUTE_LIFETIME_MS.user;
}

/** True when a session created at `createdAt` has outlived its absolute lifetime at `now`. */
export function sessionLifetimeEnded(
  createdAt: Date,
  roles: readonly string[],
  now: Date = new Date(),
): boolean {
  return now.getTime() - createdAt.getTime() >= absoluteLifetimeMs(roles);
}

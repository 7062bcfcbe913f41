import { describe, expect, it } from "vitest";
import { ABSOLUTE_LIFETIME_MS, sessionLifetimeEnded } from "./session-lifetime";

describe("absolute session lifetime", () => {
  const created = new Date("2026-01-01T00:00:00Z");
  const after = (ms: number) => new Date(created.getTime() + ms);
  const hour = 3_600_000;

  it("is 30 days for users and clients and 12 hours for admins", () => {
    expect(ABSOLUTE_LIFETIME_MS.user).toBe(30 * 24 * hour);
    expect(ABSOLUTE_LIFETIME_MS.admin).toBe(12 * hour);
  });

  it("ends a user's session after 30 days, not before", () => {
    expect(sessionLifetimeEnded(created, ["client"], after(30 * 24 * hour - 1))).toBe(false);
    expect(sessionLifetimeEnded(created, ["client"], after(30 * 24 * hour))).toBe(true);
  });

  it("ends an admin's session after 12 hours, not before", () => {
    expect(sessionLifetimeEnded(created, ["admin"], after(12 * hour - 1))).toBe(false);
    expect(sessionLifetimeEnded(created, ["admin"], after(12 * hour))).toBe(true);
    expect(sessionLifetimeEnded(created, ["client"], after(12 * hour))).toBe(false);
  });
});

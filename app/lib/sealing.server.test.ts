import { describe, expect, it } from "vitest";
import { seal, unseal } from "./sealing.server";

const secret = "s".repeat(40);

describe("sealed secrets", () => {
  it("round-trips, never holds the plain text, and refuses another key, purpose or a changed byte", () => {
    const sealed = seal("whsec_top-secret", "webhook-secret", secret);
    expect(sealed).not.toContain("top-secret");
    expect(seal("whsec_top-secret", "webhook-secret", secret)).not.toBe(sealed);
    expect(unseal(sealed, "webhook-secret", secret)).toBe("whsec_top-secret");
    expect(unseal(sealed, "webhook-secret", "t".repeat(40))).toBeNull();
    expect(unseal(sealed, "other", secret)).toBeNull();
    const flipped = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA");
    expect(unseal(flipped, "webhook-secret", secret)).toBeNull();
    expect(unseal("garbage", "webhook-secret", secret)).toBeNull();
  });
});

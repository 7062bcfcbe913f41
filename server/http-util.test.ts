import { describe, expect, it } from "vitest";
import { urlForLog } from "./http-util";

describe("urlForLog", () => {
  it("keeps the path and the names of query parameters, never their values", () => {
    expect(urlForLog("/auth/reset-password?token=abc123&invite=1")).toBe(
      "/auth/reset-password?token=[redacted]&invite=[redacted]",
    );
    expect(urlForLog("/auth/verify-email?token=abc123")).not.toContain("abc123");
    expect(urlForLog("/admin/leads")).toBe("/admin/leads");
  });
});

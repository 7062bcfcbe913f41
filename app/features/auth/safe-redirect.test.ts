import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("the path to return to after sign-in", () => {
  it.each(["/admin/leads?status=new#top", "/client/leads/abc", "/", "/a/../client"])("keeps %s", (path) => {
    expect(safeRedirectPath(path)).toBe(
      new URL(path, "http://x.test").pathname + path.replace(/^[^?#]*/, ""),
    );
  });

  it.each([
    "//evil.test",
    "/\\evil.test",
    "/..//evil.test",
    "/./..//evil.test/x",
    "/%2e%2e//evil.test",
    "/a/../..//evil.test",
    "/.//evil.test",
    "https://evil.test/",
    "evil.test",
    "/auth",
    "/auth/reset-password",
    "/admin\n",
    "",
    null,
  ])("refuses %s", (value) => {
    expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
  });
});

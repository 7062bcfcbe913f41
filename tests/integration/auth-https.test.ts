/**
 * Behind HTTPS (SITE_URL https://...) the session cookie is Secure and carries the __Secure- prefix; the
 * page cache and the access module still recognise it.
 */
import { describe, expect, it } from "vitest";
import { getAuthState } from "~/features/auth/access.server";
import { signIn } from "~/features/auth/accounts.server";
import { hasPersonalCookie } from "~/lib/personal-cookies";
import { testDatabases } from "../support/databases";
import { confirmedUser, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";

stubAuthEnv({ SITE_URL: "https://leadworks.example" });

describe.each(testDatabases)("session cookie over HTTPS on $name", (testDb) => {
  useTestDatabase(testDb);

  it("is HttpOnly, SameSite=Lax and Secure, and keeps the visitor signed in", async () => {
    const email = `secure-${testDb.name}@example.com`;
    await confirmedUser({ email, password: "Harbor-Light-42" });
    const result = await signIn(
      { email, password: "Harbor-Light-42" },
      { ip: "192.0.2.1", userAgent: "vitest", cookie: null },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const cookie = result.setCookies.find((c) => c.startsWith("__Secure-leadworks.session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    const header = cookie!.split(";")[0]!;
    expect(hasPersonalCookie(header)).toBe(true);
    const state = await getAuthState(
      new Request("https://leadworks.example/", { headers: { Cookie: header } }),
    );
    expect(state.actor?.email).toBe(email);
  });
});

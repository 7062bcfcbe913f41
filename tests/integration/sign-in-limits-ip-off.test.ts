/**
 * Sign-in limits with IP_RATE_LIMITS=off (test runs where every request comes from one address): the
 * per-address spraying cap is off, but the account+address failure limit still protects each account.
 * Its own file because the environment is read once per process.
 */
import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimitHits } from "~/db/schema";
import { defaultSignInPolicy, setSignInPolicy } from "~/features/auth/sign-in-limits.server";
import { env } from "~/lib/env.server";
import { action as authAction } from "~/routes/auth/auth";
import { testDatabases } from "../support/databases";
import { confirmedUser, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { answer, call, formRequest, redirectOf } from "../support/route-calls";

stubAuthEnv({ IP_RATE_LIMITS: "off" });

const PASSWORD = "Harbor-Light-42";
const WRONG = "Wrong-Password-1";
const ONE_ADDRESS = "127.0.0.1";

describe.each(testDatabases)("sign-in limits with IP_RATE_LIMITS=off on $name", (testDb) => {
  const database = useTestDatabase(testDb);

  const signIn = (email: string, password: string, ip = ONE_ADDRESS) =>
    call(authAction, formRequest("/auth", { intent: "sign-in", email, password }), ip);

  async function account(email: string) {
    await confirmedUser({ email, password: PASSWORD });
  }

  it("has no per-address cap: one address may fail on many accounts", async () => {
    expect(env().IP_RATE_LIMITS).toBe("off");
    const restore = setSignInPolicy({ ...defaultSignInPolicy, address: [{ max: 2, windowMs: 60_000 }] });
    try {
      for (let i = 0; i < 5; i++) {
        expect(answer(await signIn(`someone-${i}@example.com`, WRONG)).status).toBe(401);
      }
    } finally {
      restore();
    }
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimitHits)
      .where(like(rateLimitHits.bucket, "auth:signIn:failures:address:%"));
    expect(Number(row!.n)).toBe(0);
  });

  it("still limits failures on an account at the address, and never counts successes", async () => {
    const email = `guarded-${testDb.name}@example.com`;
    await account(email);
    for (let i = 0; i < 12; i++) expect(redirectOf(await signIn(email, PASSWORD)).location).toBe("/");
    const { max } = defaultSignInPolicy.accountAtAddress[0]!;
    for (let i = 0; i < max; i++) expect(answer(await signIn(email, WRONG)).status).toBe(401);
    expect(answer(await signIn(email, PASSWORD)).status).toBe(429);
    const hits = await database.db
      .select({ bucket: rateLimitHits.bucket })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.bucket, `auth:signIn:failures:account-address:${email}|${ONE_ADDRESS}`));
    expect(hits).toHaveLength(max);
    // The right password from another address still gets in.
    expect(redirectOf(await signIn(email, PASSWORD, "192.0.2.44")).location).toBe("/");
  });
});

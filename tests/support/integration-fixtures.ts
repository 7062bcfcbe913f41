/**
 * The shared setup of the integration tests: the environment the auth code reads, a database per group
 * of tests installed as the app's, accounts made the way the command line makes them, and a session
 * cookie from the real sign-in action.
 */
import { afterAll, beforeAll, expect, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { user } from "~/db/schema";
import { closeDatabase, installDatabase } from "~/db/db.server";
import { commandLine, createConfirmedUser } from "~/features/auth/user-admin.server";
import { action as accountAction } from "~/routes/account";
import { action as authAction } from "~/routes/auth/auth";
import type { TestDatabase } from "./databases";
import { call, cookieHeader, formRequest, freshIp, redirectOf } from "./route-calls";

/**
 * Sets the auth secret and the site URL (and `extra`) for this file, and restores the environment after
 * it. Call it at the top of the file, before anything reads the environment.
 */
export function stubAuthEnv(extra: Record<string, string> = {}) {
  vi.stubEnv("AUTH_SECRET", "integration-tests-secret-0123456789abcdef");
  vi.stubEnv("SITE_URL", "http://leadworks.test");
  for (const [name, value] of Object.entries(extra)) vi.stubEnv(name, value);
  afterAll(() => vi.unstubAllEnvs());
}

/**
 * Opens `testDb` before the tests of the enclosing describe and installs it as the app's database;
 * closes it after them (a PostgreSQL test database is dropped). `handle` and its `db` can be read once
 * tests run.
 */
export function useTestDatabase(testDb: TestDatabase): {
  readonly handle: DatabaseHandle;
  readonly db: DatabaseHandle["db"];
} {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await testDb.open();
    installDatabase(handle);
  });
  afterAll(async () => {
    await closeDatabase();
  });
  return {
    get handle() {
      if (!handle) throw new Error(`The ${testDb.name} database is not open: read it from a test or hook.`);
      return handle;
    },
    get db() {
      return this.handle.db;
    },
  };
}

/** Creates a confirmed account as the command line does, and checks that it was created. */
export async function confirmedUser(fields: Parameters<typeof createConfirmedUser>[1]) {
  const created = await createConfirmedUser(commandLine, fields);
  expect(created.ok).toBe(true);
  return created;
}

/** Signs in through the real action (from a fresh address) and returns the session cookie header. */
export async function sessionCookie(email: string, password: string, ip = freshIp()): Promise<string> {
  const result = await call(authAction, formRequest("/auth", { intent: "sign-in", email, password }), ip);
  const cookie = cookieHeader(
    redirectOf(result).cookies.filter((c) => c.startsWith("leadworks.session_token=")),
  );
  expect(cookie).toMatch(/^leadworks\.session_token=/);
  return cookie;
}

/** Jane Doe of Springfield, the lead the tests make most: her name, e-mail and address. */
export const JANE_DOE = {
  firstName: "Jane",
  lastName: "Doe",
  email: "jane@example.com",
  address: "742 Evergreen Terrace",
  city: "Springfield",
  zipCode: "62704",
};

/** Posts a form to the /account action as the holder of `cookie` (anonymous without one). */
export const postAccount = (fields: Record<string, string>, cookie?: string) =>
  call(accountAction, formRequest("/account", fields, { cookie }));

/** The accounts a route test signs in as: each name becomes `<name>@example.com`, "<name> Tester". */
export type TestAccounts<A extends string> = Record<A, { role?: "admin" | "client"; companyName?: string }>;

/**
 * Creates `accounts` before the tests of the enclosing describe (after its database opened) and signs
 * each in once; `ids` and `cookies` are filled by the time tests run.
 */
export function signedInAccounts<A extends string>(
  database: { readonly db: DatabaseHandle["db"] },
  accounts: TestAccounts<A>,
  password: string,
): { ids: Record<A, string>; cookies: Record<A, string> } {
  const ids = {} as Record<A, string>;
  const cookies = {} as Record<A, string>;
  beforeAll(async () => {
    for (const [who, { role, companyName }] of Object.entries(accounts) as [A, TestAccounts<A>[A]][]) {
      const email = `${who.toLowerCase()}@example.com`;
      await confirmedUser({ email, password, role, companyName, firstName: who, lastName: "Tester" });
      const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      ids[who] = row!.id;
      cookies[who] = await sessionCookie(email, password);
    }
  });
  return { ids, cookies };
}

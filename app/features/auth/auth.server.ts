/**
 * better-auth on our database: e-mail and password accounts with confirmation, password reset, sessions
 * in the `session` table behind an HttpOnly cookie. The instance is created lazily for the process's
 * database (`getDb()`), one per database handle, so tests that install a handle get their own.
 *
 * Transactions: better-auth's queries go through a database proxy that joins the transaction opened by
 * `inAuthTransaction`, so a sign-up writes the user, the credential, the profile and the confirmation
 * e-mail (mail outbox) together or not at all. On PGlite (one connection) this is also what keeps a
 * query from waiting on the open transaction.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { betterAuth } from "better-auth/minimal";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { account, session, user, verification } from "~/db/schema";
import { env } from "~/lib/env.server";
import { enqueueMail } from "~/lib/mail/outbox.server";
import {
  confirmationMail,
  existingAccountMail,
  invitationMail,
  resetPasswordMail,
} from "~/lib/mail/templates/account";
import { SESSION_COOKIE_PREFIX } from "~/lib/personal-cookies";
import type { Transaction } from "~/db/client.server";
import { resolveAuthSecret } from "~/lib/auth-secret.server";

export type Writer = Database | Transaction;

/** What the reset-password e-mail is for: a forgotten password (default) or a client invitation. */
export type ResetMailPurpose = { kind: "invitation"; companyName: string; byTeam?: boolean };

interface Scope {
  db: Database;
  tx: Transaction;
  resetMail?: ResetMailPurpose;
}

const scopes = new AsyncLocalStorage<Scope>();

/** The open transaction of `inAuthTransaction` on `db`, or `db` itself. */
export function currentWriter(db: Database): Writer {
  const scope = scopes.getStore();
  return scope && scope.db === db ? scope.tx : db;
}

/**
 * Runs `fn` in one transaction that better-auth's own queries join. Nested calls reuse the open
 * transaction.
 */
export async function inAuthTransaction<T>(
  fn: (tx: Transaction, db: Database) => Promise<T>,
  options: { resetMail?: ResetMailPurpose } = {},
): Promise<T> {
  const db = await getDb();
  const open = scopes.getStore();
  if (open && open.db === db) {
    return scopes.run({ ...open, ...options }, () => fn(open.tx, db));
  }
  return db.transaction((tx) => scopes.run({ db, tx, ...options }, () => fn(tx, db)));
}

/** A view of `db` that sends every call to the transaction of the current scope when there is one. */
function transactionAware(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      const scope = scopes.getStore();
      const source: object = scope && scope.db === target ? scope.tx : target;
      const value: unknown = Reflect.get(source, property);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
}

export const SESSION_MAX_AGE_S = 7 * 24 * 3600;
/** Sliding expiry: a session used after a day is extended to a fresh week. */
export const SESSION_UPDATE_AGE_S = 24 * 3600;
export const CONFIRMATION_TTL_S = 24 * 3600;
export const RESET_TTL_S = 3600;
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;
/** The header our server functions use to hand the client's address to better-auth. */
export const CLIENT_IP_HEADER = "x-leadworks-client-ip";

export const ACCOUNT_DISABLED = "ACCOUNT_DISABLED";

function createAuth(db: Database) {
  const config = env();
  const https = config.SITE_URL.startsWith("https://");
  const link = (path: string, params: Record<string, string> = {}) => {
    const query = new URLSearchParams(params).toString();
    return `${config.SITE_URL}${path}${query ? `?${query}` : ""}`;
  };

  return betterAuth({
    appName: "Leadworks",
    baseURL: config.SITE_URL,
    secret: resolveAuthSecret(config),
    database: drizzleAdapter(transactionAware(db), {
      provider: "pg",
      schema: { user, session, account, verification },
    }),
    user: {
      additionalFields: {
        disabledAt: { type: "date", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TTL_S,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: target, token }) {
        const purpose = scopes.getStore()?.resetMail;
        const mail =
          purpose?.kind === "invitation"
            ? invitationMail({
                to: target.email,
                url: link("/auth/reset-password", { token, invite: "1" }),
                companyName: purpose.companyName,
                byTeam: purpose.byTeam,
                contactEmail: config.CONTACT_EMAIL,
              })
            : resetPasswordMail({
                to: target.email,
                url: link("/auth/reset-password", { token }),
                contactEmail: config.CONTACT_EMAIL,
              });
        await enqueueMail(currentWriter(db), mail);
      },
      async onPasswordReset({ user: target }) {
        // The link came to their inbox: that confirms the address as well (invited clients, unconfirmed sign-ups).
        await currentWriter(db)
          .update(user)
          .set({ emailVerified: true, updatedAt: new Date() })
          .where(eq(user.id, target.id));
      },
      async onExistingUserSignUp({ user: owner }) {
        await enqueueMail(
          currentWriter(db),
          existingAccountMail({
            to: owner.email,
            signInUrl: link("/auth"),
            resetUrl: link("/auth/forgot-password"),
            contactEmail: config.CONTACT_EMAIL,
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: CONFIRMATION_TTL_S,
      async sendVerificationEmail({ user: target, token }) {
        await enqueueMail(
          currentWriter(db),
          confirmationMail({
            to: target.email,
            url: link("/auth/verify-email", { token }),
            contactEmail: config.CONTACT_EMAIL,
          }),
        );
      },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_S,
      updateAge: SESSION_UPDATE_AGE_S,
    },
    databaseHooks: {
      session: {
        create: {
          // The one place every session is born: a disabled account gets none.
          async before(newSession) {
            const [row] = await currentWriter(db)
              .select({ disabledAt: user.disabledAt })
              .from(user)
              .where(eq(user.id, newSession.userId));
            if (!row || row.disabledAt) {
              throw APIError.from("FORBIDDEN", {
                code: ACCOUNT_DISABLED,
                message: "This account has been disabled. Please contact us if you think this is a mistake.",
              });
            }
          },
          // The first sign-in opens the account to lead notifications (client-accounts.server.ts).
          async after(newSession) {
            await currentWriter(db)
              .update(user)
              .set({ firstSignedInAt: new Date() })
              .where(and(eq(user.id, newSession.userId), isNull(user.firstSignedInAt)));
          },
        },
      },
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: https, path: "/" },
      database: { generateId: () => crypto.randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Our limits live in the database (rate-limit.server.ts); better-auth's are per process and in memory.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { level: "error" },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Database, Auth>();

/** The auth instance of the process's database (created on first use). */
export async function getAuth(): Promise<{ auth: Auth; db: Database }> {
  const db = await getDb();
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuth(db);
    instances.set(db, auth);
  }
  return { auth, db };
}

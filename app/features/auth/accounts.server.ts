/**
 * The account commands behind the /auth pages: sign-up, confirmation, sign-in, sign-out, forgotten and
 * reset passwords. Every answer is the same whether or not an e-mail has an account: unknown e-mail and
 * wrong password fail alike, and signing up with a taken address looks like success (its owner gets an
 * e-mail instead).
 */
import { isAPIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { profiles, user, verification } from "~/db/schema";
import { clientIp } from "~/lib/request-context";
import type { SignInInput, SignUpInput } from "./auth.schema";
import { ACCOUNT_DISABLED, CLIENT_IP_HEADER, getAuth, inAuthTransaction } from "./auth.server";
import { allowAttempt, TOO_MANY_ATTEMPTS } from "./rate-limits.server";
import { finishSignInAttempt, startSignInAttempt, trustAddressAfterReset } from "./sign-in-limits.server";

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  cookie: string | null;
}

export function requestMeta(request: Request, context: unknown): RequestMeta {
  return {
    ip: clientIp(context),
    userAgent: request.headers.get("user-agent"),
    cookie: request.headers.get("cookie"),
  };
}

/**
 * Headers for better-auth's server-side calls: only what it needs. The browser's Origin is left out on
 * purpose: our server has already refused cross-site posts, and SITE_URL may differ from the address a
 * browser used (tests, proxies).
 */
export function authHeaders(meta: Partial<RequestMeta>): Headers {
  const headers = new Headers();
  if (meta.ip) headers.set(CLIENT_IP_HEADER, meta.ip);
  if (meta.userAgent) headers.set("user-agent", meta.userAgent);
  if (meta.cookie) headers.set("cookie", meta.cookie);
  return headers;
}

export const authMessages = {
  invalidCredentials: "Invalid email or password",
  unconfirmed:
    "Please confirm your email address before signing in. Check your inbox for the confirmation link.",
  signUpSuccess: "Please check your email to confirm your account!",
  signInSuccess: "Successfully signed in!",
  confirmationSent:
    "If this account still needs confirming, a new confirmation link is on its way. Please check your email.",
  resetRequested:
    "If an account exists for this email, we have sent a link to choose a new password. Please check your email.",
  invalidResetLink: "This link is invalid or has expired. Please request a new one.",
  invalidConfirmationLink: "This confirmation link is invalid or has expired. Sign in to get a new one.",
  tooMany: TOO_MANY_ATTEMPTS,
} as const;

export type FailureReason =
  "invalid-credentials" | "unconfirmed" | "disabled" | "rate-limited" | "invalid-token";

export interface Failure {
  ok: false;
  status: 400 | 401 | 403 | 429;
  reason: FailureReason;
  message: string;
  /** With a 429: when trying again can succeed. */
  retryAfterSeconds?: number;
}

const rateLimited: Failure = { ok: false, status: 429, reason: "rate-limited", message: TOO_MANY_ATTEMPTS };

const displayName = (firstName?: string, lastName?: string) =>
  [firstName, lastName].filter(Boolean).join(" ");

// ---------------------------------------------------------------- sign-up and confirmation

/** Creates the account, its profile and the confirmation e-mail in one transaction. */
export async function signUp(input: SignUpInput, meta: RequestMeta): Promise<{ ok: true } | Failure> {
  const email = input.email.toLowerCase();
  if (!(await allowAttempt("signUp", meta.ip, email))) return rateLimited;
  const { auth } = await getAuth();
  await inAuthTransaction(async (tx) => {
    // One sign-up per address at a time, so two parallel attempts cannot race on the unique e-mail.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-up:${email}`}, 0))`);
    const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
    const result = await auth.api.signUpEmail({
      body: { name: displayName(input.firstName, input.lastName), email, password: input.password },
      headers: authHeaders(meta),
    });
    // For a taken address better-auth answers alike (and e-mails the owner); only a new account gets a profile.
    if (!existing) {
      await tx.insert(profiles).values({
        userId: result.user.id,
        email,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
      });
    }
  });
  return { ok: true };
}

/** Marks the address confirmed when the token is good. */
export async function confirmEmail(token: string): Promise<{ ok: true } | Failure> {
  const { auth } = await getAuth();
  try {
    await auth.api.verifyEmail({ query: { token } });
    return { ok: true };
  } catch (error) {
    if (isAPIError(error)) {
      return {
        ok: false,
        status: 400,
        reason: "invalid-token",
        message: authMessages.invalidConfirmationLink,
      };
    }
    throw error;
  }
}

/** Sends a new confirmation link when the account exists and is unconfirmed; answers alike otherwise. */
export async function resendConfirmation(
  emailInput: string,
  meta: RequestMeta,
): Promise<{ ok: true } | Failure> {
  const email = emailInput.toLowerCase();
  if (!(await allowAttempt("confirmationResend", meta.ip, email))) return rateLimited;
  const { auth } = await getAuth();
  await inAuthTransaction(async () => {
    await auth.api.sendVerificationEmail({ body: { email }, headers: authHeaders({ ip: meta.ip }) });
  });
  return { ok: true };
}

// ---------------------------------------------------------------- sign-in and sign-out

export type SignInResult = { ok: true; userId: string; setCookies: string[] } | Failure;

export async function signIn(input: SignInInput, meta: RequestMeta): Promise<SignInResult> {
  const email = input.email.toLowerCase();
  // Before the password is checked: a blocked attempt never gets to test one.
  const gate = await startSignInAttempt(email, meta.ip);
  if (!gate.allowed) return { ...rateLimited, retryAfterSeconds: gate.retryAfterSeconds };
  const { auth } = await getAuth();
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: authHeaders({ ip: meta.ip, userAgent: meta.userAgent }),
      returnHeaders: true,
    });
    await finishSignInAttempt(gate.attempt, "signed-in");
    return { ok: true, userId: response.user.id, setCookies: headers.getSetCookie() };
  } catch (error) {
    // Anything unexpected keeps the attempt counted as a failure: it may have tested the password.
    if (!isAPIError(error)) throw error;
    const code = (error.body as { code?: string } | undefined)?.code;
    // better-auth checks confirmation and our disabled-account hook after the password was found right.
    if (code === "EMAIL_NOT_VERIFIED") {
      await finishSignInAttempt(gate.attempt, "right-password");
      return { ok: false, status: 403, reason: "unconfirmed", message: authMessages.unconfirmed };
    }
    if (code === ACCOUNT_DISABLED) {
      await finishSignInAttempt(gate.attempt, "right-password");
      return { ok: false, status: 403, reason: "disabled", message: error.message };
    }
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL" || code === "PASSWORD_TOO_LONG") {
      await finishSignInAttempt(gate.attempt, "wrong-password");
      return {
        ok: false,
        status: 401,
        reason: "invalid-credentials",
        message: authMessages.invalidCredentials,
      };
    }
    throw error;
  }
}

/** Ends the session of the request (if any); returns the headers that clear the cookies. */
export async function signOut(request: Request): Promise<string[]> {
  const { auth } = await getAuth();
  try {
    const { headers } = await auth.api.signOut({
      headers: authHeaders({ cookie: request.headers.get("cookie") }),
      returnHeaders: true,
    });
    return headers.getSetCookie();
  } catch (error) {
    if (isAPIError(error)) return [];
    throw error;
  }
}

// ---------------------------------------------------------------- forgotten and reset passwords

/** E-mails a single-use reset link when the account exists; answers alike otherwise. */
export async function requestPasswordReset(
  emailInput: string,
  meta: RequestMeta,
): Promise<{ ok: true } | Failure> {
  const email = emailInput.toLowerCase();
  if (!(await allowAttempt("resetRequest", meta.ip, email))) return rateLimited;
  const { auth } = await getAuth();
  await inAuthTransaction(async () => {
    await auth.api.requestPasswordReset({ body: { email }, headers: authHeaders({ ip: meta.ip }) });
  });
  return { ok: true };
}

/** Sets the new password, consumes the token and signs the account out everywhere. */
export async function resetPassword(
  token: string,
  newPassword: string,
  meta: RequestMeta,
): Promise<{ ok: true } | Failure> {
  if (!(await allowAttempt("resetSubmit", meta.ip))) return rateLimited;
  const { auth } = await getAuth();
  try {
    await inAuthTransaction(async (tx) => {
      // better-auth's reset token names the account (verification.value is its id, as for invitations).
      const [owner] = await tx
        .select({ email: user.email })
        .from(verification)
        .innerJoin(user, eq(user.id, verification.value))
        .where(eq(verification.identifier, `reset-password:${token}`));
      await auth.api.resetPassword({ body: { token, newPassword }, headers: authHeaders({ ip: meta.ip }) });
      if (owner) await trustAddressAfterReset(tx, owner.email, meta.ip);
    });
    return { ok: true };
  } catch (error) {
    if (isAPIError(error)) {
      return { ok: false, status: 400, reason: "invalid-token", message: authMessages.invalidResetLink };
    }
    throw error;
  }
}

/**
 * The POSTs and links of the /auth pages: validate with the shared schema, run the account command,
 * answer with field errors (HTTP 400), a toast from the catalogue ('Error' + the server's message), or
 * a redirect with a flash toast. Passwords are never sent back to the page.
 */
import { data } from "react-router";
import { redirectWithToast } from "~/lib/flash.server";
import { parseForm, type FormReply } from "~/lib/form-reply";
import { formToasts } from "~/lib/form-toasts";
import { type Toast, errorToast } from "~/lib/toast-message";
import { safeRedirectPath } from "./safe-redirect";
import {
  authMessages,
  confirmEmail,
  requestMeta,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from "./accounts.server";
import { forgotPasswordSchema, resetPasswordSchema, signInSchema, signUpSchema } from "./auth.schema";
import { log } from "~/lib/log.server";
import { invalidForm } from "~/lib/form-reply.server";

export const authToasts = {
  error: (text: string): Toast => ({ kind: "error", title: "Error", text }),
  unexpected: errorToast("An unexpected error occurred"),
  signedIn: { kind: "success", title: authMessages.signInSuccess },
  signedUp: { kind: "success", title: authMessages.signUpSuccess },
  signedOut: { kind: "success", title: "Signed out", text: "See you soon." },
  confirmationSent: {
    kind: "success",
    title: "Confirmation email sent",
    text: authMessages.confirmationSent,
  },
  emailConfirmed: {
    kind: "success",
    title: "Email confirmed",
    text: "Your account is ready. You can now sign in.",
  },
  resetRequested: { kind: "success", title: "Check your email", text: authMessages.resetRequested },
  passwordUpdated: {
    kind: "success",
    title: "Password updated",
    text: "You can now sign in with your new password.",
  },
  passwordSet: {
    kind: "success",
    title: "Password set",
    text: "Your account is ready. You can now sign in.",
  },
} as const satisfies Record<string, Toast | ((text: string) => Toast)>;

export type AuthIntent = "sign-in" | "sign-up" | "resend-confirmation";

export interface AuthActionResult extends FormReply {
  intent: AuthIntent | null;
  /** A sign-in refused because the address is not confirmed yet: offer to resend to it. */
  unconfirmedEmail?: string;
}

function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** Passwords are never sent back to the page. */
const hideFields = ["password", "confirmPassword"];

/** A refused /auth form: what the toast says, the form's reply, and the HTTP status (and headers). */
function authRefusal(
  intent: AuthIntent,
  toast: Toast,
  result: AuthActionResult["result"],
  init: ResponseInit,
  unconfirmedEmail?: string,
) {
  return data<AuthActionResult>({ ok: false, intent, toast, result, unconfirmedEmail }, init);
}

/** Logs what went wrong and answers with the auth screens' unexpected-error toast. */
function unexpected<T extends FormReply>(where: string, error: unknown, extra: Omit<T, "ok" | "toast">) {
  log.warn({ error }, `[auth] ${where} failed`);
  return data({ ...extra, ok: false, toast: authToasts.unexpected } as T, { status: 500 });
}

/** `Retry-After` for a limited attempt; the route's `headers` passes it on (see auth.tsx). */
function retryAfterHeaders(seconds: number | undefined): Headers | undefined {
  return seconds === undefined ? undefined : new Headers({ "Retry-After": String(seconds) });
}

// ---------------------------------------------------------------- /auth: sign in, sign up, resend

export async function handleAuthPost(request: Request, context: unknown) {
  const form = await request.formData();
  const intent = form.get("intent");
  const meta = requestMeta(request, context);
  try {
    if (intent === "sign-in") {
      const submission = parseForm(form, signInSchema);
      if (submission.status !== "success") {
        return authRefusal(intent, formToasts.validation, submission.reply({ hideFields }), { status: 400 });
      }
      const result = await signIn(submission.value, meta);
      if (result.ok) {
        const to = safeRedirectPath(form.get("redirectTo"));
        return redirectWithToast(request, to, authToasts.signedIn, {
          headers: cookieHeaders(result.setCookies),
        });
      }
      return authRefusal(
        intent,
        authToasts.error(result.message),
        submission.reply({ hideFields }),
        { status: result.status, headers: retryAfterHeaders(result.retryAfterSeconds) },
        result.reason === "unconfirmed" ? submission.value.email : undefined,
      );
    }

    if (intent === "sign-up") {
      const submission = parseForm(form, signUpSchema);
      if (submission.status !== "success") {
        return authRefusal(intent, formToasts.validation, submission.reply({ hideFields }), { status: 400 });
      }
      const result = await signUp(submission.value, meta);
      if (!result.ok) {
        return authRefusal(intent, authToasts.error(result.message), submission.reply({ hideFields }), {
          status: result.status,
        });
      }
      return data<AuthActionResult>({
        ok: true,
        intent,
        toast: authToasts.signedUp,
        result: submission.reply({ resetForm: true }),
      });
    }

    if (intent === "resend-confirmation") {
      const submission = parseForm(form, forgotPasswordSchema);
      if (submission.status !== "success") {
        return authRefusal(intent, authToasts.error("Invalid email address"), submission.reply(), {
          status: 400,
        });
      }
      const result = await resendConfirmation(submission.value.email, meta);
      if (!result.ok) {
        return authRefusal(intent, authToasts.error(result.message), submission.reply(), {
          status: result.status,
        });
      }
      return data<AuthActionResult>({
        ok: true,
        intent,
        toast: authToasts.confirmationSent,
        result: submission.reply({ resetForm: true }),
      });
    }

    return data<AuthActionResult>({ ok: false, intent: null, toast: authToasts.unexpected }, { status: 400 });
  } catch (error) {
    return unexpected<AuthActionResult>(String(intent), error, {
      intent: intent === "sign-in" || intent === "sign-up" ? intent : null,
    });
  }
}

// ---------------------------------------------------------------- confirmation link

/** GET /auth/verify-email?token=...: confirm, then on to the sign-in form with a toast. */
export async function handleConfirmationLink(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = token ? await confirmEmail(token) : null;
  if (result?.ok) return redirectWithToast(request, "/auth", authToasts.emailConfirmed);
  return redirectWithToast(request, "/auth", authToasts.error(authMessages.invalidConfirmationLink));
}

// ---------------------------------------------------------------- forgotten password

export async function handleForgotPasswordPost(request: Request, context: unknown) {
  const form = await request.formData();
  const submission = parseForm(form, forgotPasswordSchema);
  if (submission.status !== "success") {
    return invalidForm(submission.reply());
  }
  try {
    const result = await requestPasswordReset(submission.value.email, requestMeta(request, context));
    if (!result.ok) {
      return data<FormReply>(
        { ok: false, toast: authToasts.error(result.message), result: submission.reply() },
        { status: result.status },
      );
    }
    return data<FormReply>({
      ok: true,
      toast: authToasts.resetRequested,
      result: submission.reply({ resetForm: true }),
    });
  } catch (error) {
    return unexpected<FormReply>("password reset request", error, { result: submission.reply() });
  }
}

// ---------------------------------------------------------------- new password from an e-mailed link

export async function handleResetPasswordPost(request: Request, context: unknown) {
  const form = await request.formData();
  const invitation = form.get("invite") === "1";
  const submission = parseForm(form, resetPasswordSchema);
  const result = submission.reply({ hideFields });
  if (submission.status !== "success") {
    return data<FormReply>({ ok: false, toast: formToasts.validation, result }, { status: 400 });
  }
  try {
    const reset = await resetPassword(
      submission.value.token,
      submission.value.password,
      requestMeta(request, context),
    );
    if (!reset.ok) {
      return data<FormReply>(
        { ok: false, toast: authToasts.error(reset.message), result },
        { status: reset.status },
      );
    }
    return redirectWithToast(
      request,
      "/auth",
      invitation ? authToasts.passwordSet : authToasts.passwordUpdated,
    );
  } catch (error) {
    return unexpected<FormReply>("password reset", error, { result });
  }
}

// ---------------------------------------------------------------- sign-out

/**
 * What the browser drops at sign-out besides the session cookie: its HTTP cache and its storage (the
 * offline worker and its caches among them), so nothing of the signed-in pages stays on a shared
 * computer. Not "cookies": that would also drop the 'Signed out' flash this response sets (ADR 012).
 */
export const SIGN_OUT_CLEAR_SITE_DATA = '"cache", "storage"';

export async function handleSignOutPost(request: Request) {
  const setCookies = await signOut(request);
  const headers = cookieHeaders(setCookies);
  headers.set("Clear-Site-Data", SIGN_OUT_CLEAR_SITE_DATA);
  return redirectWithToast(request, "/", authToasts.signedOut, { headers });
}

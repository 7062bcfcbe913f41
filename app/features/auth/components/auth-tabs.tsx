/**
 * The /auth page: Sign In and Sign Up tabs. The tabs are links (`?tab=signup`), so they work without
 * JavaScript; with it they switch in place and follow the tabs pattern (arrow keys, Home, End). A
 * signed-out visitor gets this page without React, and `app/enhance/account-forms.ts` does the same with
 * the markup drawn here: the look follows `aria-selected`, and buttons name their busy caption.
 */
import { getInputProps } from "@conform-to/react";
import { useRef, useState, type KeyboardEvent } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { AuthActionResult } from "../auth-action.server";
import { forgotPasswordSchema, signInSchema, signUpSchema } from "../auth.schema";
import { NameFields } from "./name-fields";
import { NewPasswordField } from "./new-password-field";
import { EmailField } from "~/components/ui/email-field";
import { useSending } from "~/lib/use-sending";
import { tabIndexForKey } from "~/lib/tab-keys";

export type AuthTab = "signin" | "signup";

const tabs: { id: AuthTab; label: string }[] = [
  { id: "signin", label: "Sign In" },
  { id: "signup", label: "Sign Up" },
];

function tabHref(tab: AuthTab, redirectTo: string) {
  const params = new URLSearchParams();
  if (tab === "signup") params.set("tab", "signup");
  if (redirectTo !== "/") params.set("redirectTo", redirectTo);
  const query = params.toString();
  return `/auth${query ? `?${query}` : ""}`;
}

export function AuthTabs({
  initialTab,
  redirectTo,
  result,
}: {
  initialTab: AuthTab;
  redirectTo: string;
  result: AuthActionResult | undefined;
}) {
  const resultTab: AuthTab | undefined =
    result?.intent === "sign-up" ? "signup" : result?.intent ? "signin" : undefined;
  const [active, setActive] = useState<AuthTab>(resultTab ?? initialTab);
  const [shown, setShown] = useState({ initialTab, result });
  if (shown.initialTab !== initialTab || shown.result !== result) {
    // A new URL or a new answer from the server decides the tab again.
    setShown({ initialTab, result });
    setActive(resultTab ?? initialTab);
  }
  const tabRefs = useRef<Record<AuthTab, HTMLAnchorElement | null>>({ signin: null, signup: null });

  const select = (tab: AuthTab, focus = false) => {
    setActive(tab);
    if (focus) tabRefs.current[tab]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const to = tabIndexForKey(
      event.key,
      tabs.findIndex((tab) => tab.id === active),
      tabs.length,
    );
    const next = to === undefined ? undefined : tabs[to];
    if (next) {
      event.preventDefault();
      select(next.id, true);
    }
  };

  return (
    <div>
      <div role="tablist" aria-label="Account" className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
        {tabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <Link
              key={tab.id}
              ref={(element) => {
                tabRefs.current[tab.id] = element;
              }}
              id={`tab-${tab.id}`}
              role="tab"
              to={tabHref(tab.id, redirectTo)}
              replace
              preventScrollReset
              aria-selected={selected}
              aria-controls={`panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={(event) => {
                event.preventDefault();
                select(tab.id);
              }}
              onKeyDown={onKeyDown}
              className="rounded-md px-3 py-2 text-center text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground aria-selected:bg-background aria-selected:text-foreground aria-selected:shadow-sm"
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          hidden={tab.id !== active}
          tabIndex={0}
          className="mt-6 rounded-md focus-visible:outline-offset-4"
        >
          {tab.id === "signin" ? (
            <SignInForm redirectTo={redirectTo} result={result?.intent === "sign-up" ? undefined : result} />
          ) : (
            <SignUpForm result={result?.intent === "sign-up" ? result : undefined} />
          )}
        </div>
      ))}
    </div>
  );
}

const useSubmitting = (intent: string) => useSending({ intent });

function SignInForm({ redirectTo, result }: { redirectTo: string; result: AuthActionResult | undefined }) {
  const signInResult = result?.intent === "sign-in" ? result : undefined;
  const { fields, ...form } = useSchemaForm(signInSchema, { id: "signin", reply: signInResult });
  const submitting = useSubmitting("sign-in");
  const resending = useSubmitting("resend-confirmation");
  const unconfirmedEmail = signInResult?.unconfirmedEmail;
  const resend = useSchemaForm(forgotPasswordSchema, {
    id: "resend",
    reply: result?.intent === "resend-confirmation" ? result : undefined,
  });

  return (
    <div className="space-y-5">
      <Form
        method="post"
        action="/auth"
        {...form.formProps}
        className="space-y-5"
        aria-labelledby="tab-signin"
      >
        <input type="hidden" name="intent" value="sign-in" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormStatus toast={form.shownStatus} />
        <EmailField
          id={fields.email.id}
          error={fields.email.errors?.[0]}
          control={getInputProps(fields.email, { type: "email" })}
        />
        <FormField id={fields.password.id} label="Password" error={fields.password.errors?.[0]}>
          <Input
            {...getInputProps(fields.password, { type: "password", value: false })}
            autoComplete="current-password"
            required
          />
        </FormField>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button
            type="submit"
            size="lg"
            pending={submitting}
            data-busy-label="Signing in..."
            className="w-full sm:w-auto"
          >
            {submitting ? "Signing in..." : "Sign In"}
          </Button>
          <Link
            to="/auth/forgot-password"
            className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            Forgot your password?
          </Link>
        </div>
      </Form>
      {unconfirmedEmail && (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">Please confirm your email first</p>
          <p className="mt-1 text-sm">
            We sent a confirmation link to {unconfirmedEmail} when you signed up. Didn&apos;t get it?
          </p>
          <Form method="post" action="/auth" className="mt-3" {...resend.formProps}>
            <input type="hidden" name="intent" value="resend-confirmation" />
            <input type="hidden" name="email" value={unconfirmedEmail} />
            <Button
              type="submit"
              variant="outline"
              size="sm"
              pending={resending}
              data-busy-label="Sending..."
            >
              {resending ? "Sending..." : "Resend confirmation email"}
            </Button>
          </Form>
        </div>
      )}
      <FormStatus toast={resend.shownStatus} />
    </div>
  );
}

function SignUpForm({ result }: { result: AuthActionResult | undefined }) {
  const [password, setPassword] = useState("");
  const [shownResult, setShownResult] = useState(result);
  if (shownResult !== result) {
    setShownResult(result);
    if (result?.ok) setPassword("");
  }
  const { fields, ...form } = useSchemaForm(signUpSchema, { id: "signup", reply: result });
  const submitting = useSubmitting("sign-up");
  const signedUp = result?.ok === true;

  return (
    <Form
      method="post"
      action="/auth?tab=signup"
      {...form.formProps}
      className="space-y-5"
      aria-labelledby="tab-signup"
    >
      <input type="hidden" name="intent" value="sign-up" />
      {signedUp ? (
        <div
          role="status"
          data-form-status="success"
          className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900"
        >
          <p className="font-semibold">{result.toast.title}</p>
        </div>
      ) : (
        <FormStatus toast={form.shownStatus} />
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <NameFields firstName={fields.firstName} lastName={fields.lastName} ownName />
      </div>
      <EmailField
        id={fields.email.id}
        error={fields.email.errors?.[0]}
        control={getInputProps(fields.email, { type: "email" })}
      />
      <NewPasswordField
        field={fields.password}
        label={"Password"}
        password={password}
        onChange={setPassword}
      />
      <Button
        type="submit"
        size="lg"
        pending={submitting}
        data-busy-label="Creating account..."
        className="w-full sm:w-auto"
      >
        {submitting ? "Creating account..." : "Create Account"}
      </Button>
    </Form>
  );
}

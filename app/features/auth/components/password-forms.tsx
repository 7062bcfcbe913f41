/** The forgotten-password form and the new-password form of the e-mailed link (reset or invitation). */
import { useRef, useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import type { FormActionResult } from "~/lib/form-errors";
import { forgotPasswordSchema, resetPasswordSchema, type ResetPasswordField } from "../auth.schema";
import { NewPasswordField } from "./new-password-field";
import { useAuthForm } from "./use-auth-form";
import { EmailField } from "~/components/ui/email-field";

export function ForgotPasswordForm() {
  const result = useActionData<FormActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAuthForm<"email">(forgotPasswordSchema, result, formRef);
  const submitting = useNavigation().state === "submitting";
  const sent = result?.ok === true;
  return (
    <Form method="post" {...form.formProps} className="space-y-5" aria-label="Forgot password">
      {sent ? (
        <div
          role="status"
          className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900"
        >
          <p className="font-semibold">{result.toast.title}</p>
          <p className="text-sm">{result.toast.text}</p>
        </div>
      ) : (
        <FormStatus toast={form.staticStatus} />
      )}
      <EmailField id="forgot-email" error={form.errors.email} defaultValue={form.values?.email ?? ""} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? "Sending..." : "Send Reset Link"}
        </Button>
        <Link to="/auth" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </div>
    </Form>
  );
}

export function ResetPasswordForm({ token, invitation }: { token: string; invitation: boolean }) {
  const [password, setPassword] = useState("");
  const result = useActionData<FormActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAuthForm<ResetPasswordField>(resetPasswordSchema, result, formRef);
  const submitting = useNavigation().state === "submitting";

  if (!token) {
    return (
      <div role="alert" className="space-y-3">
        <p>This link is incomplete. Please open the link from your email again, or request a new one.</p>
        <Link to="/auth/forgot-password" className="font-semibold text-primary underline underline-offset-4">
          Request a new link
        </Link>
      </div>
    );
  }

  return (
    <Form
      method="post"
      {...form.formProps}
      className="space-y-5"
      aria-label={invitation ? "Set your password" : "Choose a new password"}
    >
      <input type="hidden" name="token" value={token} />
      {invitation && <input type="hidden" name="invite" value="1" />}
      <FormStatus toast={form.staticStatus} />
      {result && !result.ok && !result.fieldErrors && (
        <p className="text-sm">
          <Link
            to="/auth/forgot-password"
            className="font-semibold text-primary underline underline-offset-4"
          >
            Request a new link
          </Link>
        </p>
      )}
      <NewPasswordField
        id="reset-password"
        label={invitation ? "Password" : "New password"}
        error={form.errors.password}
        password={password}
        onChange={setPassword}
      />
      <FormField id="reset-confirm-password" label="Confirm password" error={form.errors.confirmPassword}>
        <Input name="confirmPassword" type="password" autoComplete="new-password" required />
      </FormField>
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? "Saving..." : invitation ? "Set Password" : "Save New Password"}
      </Button>
    </Form>
  );
}

/** The forgotten-password form and the new-password form of the e-mailed link (reset or invitation). */
import { getInputProps } from "@conform-to/react";
import { useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { EmailField } from "~/components/ui/email-field";
import { useSchemaForm } from "~/lib/use-schema-form";
import { forgotPasswordSchema, resetPasswordSchema } from "../auth.schema";
import { NewPasswordField } from "./new-password-field";

export function ForgotPasswordForm() {
  const { fields, reply: result, ...form } = useSchemaForm(forgotPasswordSchema, { id: "forgot" });
  const sent = result?.ok === true;
  return (
    <Form method="post" {...form.formProps} className="space-y-5" aria-label="Forgot password">
      {sent ? (
        <div
          role="status"
          data-form-status="success"
          className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900"
        >
          <p className="font-semibold">{result.toast.title}</p>
          <p className="text-sm">{result.toast.text}</p>
        </div>
      ) : (
        <FormStatus toast={form.shownStatus} />
      )}
      <EmailField
        id={fields.email.id}
        error={fields.email.errors?.[0]}
        control={getInputProps(fields.email, { type: "email" })}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          type="submit"
          size="lg"
          pending={form.submitting}
          data-busy-label="Sending..."
          className="w-full sm:w-auto"
        >
          {form.submitting ? "Sending..." : "Send Reset Link"}
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
  const { fields, reply: result, ...form } = useSchemaForm(resetPasswordSchema, { id: "reset" });

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
      <FormStatus toast={form.shownStatus} />
      {result && !result.ok && !result.result?.error && (
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
        field={fields.password}
        label={invitation ? "Password" : "New password"}
        password={password}
        onChange={setPassword}
      />
      <FormField
        id={fields.confirmPassword.id}
        label="Confirm password"
        error={fields.confirmPassword.errors?.[0]}
      >
        <Input
          {...getInputProps(fields.confirmPassword, { type: "password", value: false })}
          autoComplete="new-password"
          required
        />
      </FormField>
      <Button
        type="submit"
        size="lg"
        pending={form.submitting}
        data-busy-label="Saving..."
        className="w-full sm:w-auto"
      >
        {form.submitting ? "Saving..." : invitation ? "Set Password" : "Save New Password"}
      </Button>
    </Form>
  );
}

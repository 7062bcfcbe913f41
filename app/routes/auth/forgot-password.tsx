import type { Route } from "./+types/forgot-password";
import { handleForgotPasswordPost } from "~/features/auth/auth-action.server";
import { AuthCard } from "~/features/auth/components/auth-card";
import { ForgotPasswordForm } from "~/features/auth/components/password-forms";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { enhancedPage } from "~/lib/hydration";

export const action = ({ request, context }: Route.ActionArgs) => handleForgotPasswordPost(request, context);

/** Signed-out visitors get these pages without React: one page script runs the forms (ADR 055). */
export const handle = enhancedPage("account-forms");

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Forgot Your Password?");

export default function ForgotPassword() {
  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}

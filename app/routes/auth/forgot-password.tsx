import type { Route } from "./+types/forgot-password";
import { handleForgotPasswordPost } from "~/features/auth/auth-action.server";
import { AuthCard } from "~/features/auth/components/auth-card";
import { ForgotPasswordForm } from "~/features/auth/components/password-forms";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";

export const action = ({ request, context }: Route.ActionArgs) => handleForgotPasswordPost(request, context);

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

import { useLoaderData } from "react-router";
import type { Route } from "./+types/reset-password";
import { handleResetPasswordPost } from "~/features/auth/auth-action.server";
import { AuthCard } from "~/features/auth/components/auth-card";
import { ResetPasswordForm } from "~/features/auth/components/password-forms";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { enhancedPage } from "~/lib/hydration";

/** The page of the e-mailed link (reset or invitation); the token is checked when the form is sent. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", invitation: url.searchParams.get("invite") === "1" };
}

export const action = ({ request, context }: Route.ActionArgs) => handleResetPasswordPost(request, context);

/** Signed-out visitors get these pages without React: one page script runs the forms (ADR 055). */
export const handle = enhancedPage("account-forms");

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta(data?.invitation ? "Set Your Password" : "Choose a New Password");

export default function ResetPassword() {
  const { token, invitation } = useLoaderData<typeof loader>();
  return (
    <AuthCard
      title={invitation ? "Set your password" : "Choose a new password"}
      lead={
        invitation
          ? "Welcome to Leadworks. Choose a password for your client portal account."
          : "Choose a new password. You will be signed out on every device."
      }
    >
      <ResetPasswordForm token={token} invitation={invitation} />
    </AuthCard>
  );
}

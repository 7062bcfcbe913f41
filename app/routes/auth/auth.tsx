import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/auth";
import { redirectIfSignedIn } from "~/features/auth/access.server";
import { safeRedirectPath } from "~/features/auth/safe-redirect";
import { handleAuthPost } from "~/features/auth/auth-action.server";
import { AuthCard } from "~/features/auth/components/auth-card";
import { AuthTabs } from "~/features/auth/components/auth-tabs";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { enhancedPage } from "~/lib/hydration";

export async function loader({ request }: Route.LoaderArgs) {
  await redirectIfSignedIn(request);
  const url = new URL(request.url);
  return data(
    {
      tab: url.searchParams.get("tab") === "signup" ? ("signup" as const) : ("signin" as const),
      redirectTo: safeRedirectPath(url.searchParams.get("redirectTo")),
    },
    { headers: noStoreHeaders },
  );
}

export const action = ({ request, context }: Route.ActionArgs) => handleAuthPost(request, context);

/** Signed-out visitors get these pages without React: one page script runs the forms (ADR 055). */
export const handle = enhancedPage("account-forms");

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { ...noStoreHeaders, "Retry-After": retryAfter } : noStoreHeaders;
};

export const meta: Route.MetaFunction = () =>
  privatePageMeta("Sign In or Create an Account", "Sign in to Leadworks or create an account.");

export default function AuthPage() {
  const { tab, redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AuthCard title="Your Leadworks account" lead="Sign in to your account, or create one in a minute.">
      <AuthTabs initialTab={tab} redirectTo={redirectTo} result={result} />
    </AuthCard>
  );
}

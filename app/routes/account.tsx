import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/account";
import { requireUser } from "~/features/auth/access.server";
import { AuthCard } from "~/features/auth/components/auth-card";
import { ProfileForm } from "~/features/auth/components/profile-form";
import { handleProfilePost } from "~/features/auth/profile-action.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireUser(request);
  return { email: actor.email, profile: actor.profile, roles: actor.roles };
}

export const action = ({ request }: Route.ActionArgs) => handleProfilePost(request);

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Your Account");

export default function Account() {
  const { email, profile, roles } = useLoaderData<typeof loader>();
  return (
    <AuthCard title="Your account" lead="Keep your contact details up to date.">
      <ProfileForm email={email} profile={profile} />
      <div className="mt-8 border-t border-border pt-6 text-sm text-muted-foreground">
        <p>
          Roles:{" "}
          <span className="font-semibold text-foreground">{roles.length ? roles.join(", ") : "none"}</span>
        </p>
        <p className="mt-2">
          Want a new password?{" "}
          <Link
            to="/auth/forgot-password"
            className="font-semibold text-primary underline underline-offset-4"
          >
            Send me a reset link
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

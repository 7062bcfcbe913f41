import { Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/account";
import { requireUser } from "~/features/auth/access.server";
import { AuthCard } from "~/features/auth/components/auth-card";
import { ProfileForm } from "~/features/auth/components/profile-form";
import { SessionList } from "~/features/auth/components/session-list";
import { handleProfilePost } from "~/features/auth/profile-action.server";
import { companySetByAgency } from "~/features/auth/profile.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { handleSignOutOthersPost } from "~/features/auth/sessions-action.server";
import { SIGN_OUT_OTHERS_INTENT, type SessionsActionResult } from "~/features/auth/sessions.schema";
import { listOwnSessions } from "~/features/auth/sessions.server";
import { NotificationSettings } from "~/features/auth/components/notification-settings";
import { handleNotificationsPost } from "~/features/auth/notifications-action.server";
import {
  NOTIFICATIONS_INTENT,
  SMS_CODE_INTENT,
  type NotificationsReply,
} from "~/features/auth/notifications.schema";
import { ownNotificationSettings } from "~/features/auth/notifications.server";
import type { FormReply } from "~/lib/form-reply";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireUser(request);
  const sessions = await listOwnSessions(actor);
  return {
    notifications: await ownNotificationSettings(actor),
    email: actor.email,
    profile: actor.profile,
    roles: actor.roles,
    companySetByAgency: companySetByAgency(actor),
    sessions: sessions.map((item) => ({
      ...item,
      createdAt: item.createdAt.toISOString(),
      lastActiveAt: item.lastActiveAt.toISOString(),
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  // Three forms post here: the profile, the notification settings, and "Sign out other sessions" (marked by its intent).
  const intent = (await request.clone().formData()).get("intent");
  if (intent === NOTIFICATIONS_INTENT || intent === SMS_CODE_INTENT) return handleNotificationsPost(request);
  return intent === SIGN_OUT_OTHERS_INTENT ? handleSignOutOthersPost(request) : handleProfilePost(request);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Your Account");

export default function Account() {
  const { email, profile, roles, sessions, companySetByAgency, notifications } =
    useLoaderData<typeof loader>();
  const result = useActionData<FormReply | NotificationsReply | SessionsActionResult>();
  const sessionsResult =
    result && "intent" in result && result.intent === SIGN_OUT_OTHERS_INTENT ? result : undefined;
  const notificationsResult =
    result && "intent" in result && result.intent === NOTIFICATIONS_INTENT ? result : undefined;
  return (
    <AuthCard title="Your account" lead="Keep your contact details up to date.">
      <ProfileForm
        email={email}
        profile={profile}
        companySetByAgency={companySetByAgency}
        result={sessionsResult || notificationsResult ? undefined : (result as FormReply)}
      />
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
      <NotificationSettings choices={notifications} result={notificationsResult} />
      <SessionList sessions={sessions} result={sessionsResult} />
    </AuthCard>
  );
}

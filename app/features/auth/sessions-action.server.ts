/** The /account page's "Sign out other sessions" POST: ends every session of the user but this one. */
import { data } from "react-router";
import { type Toast, errorToast } from "~/lib/toast-message";
import { requireUser } from "./access.server";
import { SIGN_OUT_OTHERS_INTENT, type SessionsActionResult } from "./sessions.schema";
import { signOutOtherSessions } from "./sessions.server";
import { log } from "~/lib/log.server";

export function otherSessionsEndedToast(count: number): Toast {
  return {
    kind: "success",
    title: "Other sessions signed out",
    text:
      count === 0
        ? "You were not signed in anywhere else."
        : `Signed out of ${count} other ${count === 1 ? "session" : "sessions"}.`,
  };
}

export async function handleSignOutOthersPost(request: Request) {
  const actor = await requireUser(request);
  try {
    const count = await signOutOtherSessions(actor);
    return data<SessionsActionResult>({
      ok: true,
      intent: SIGN_OUT_OTHERS_INTENT,
      toast: otherSessionsEndedToast(count),
    });
  } catch (error) {
    log.warn({ error }, "[account] signing out other sessions failed");
    return data<SessionsActionResult>(
      {
        ok: false,
        intent: SIGN_OUT_OTHERS_INTENT,
        toast: errorToast("An unexpected error occurred"),
      },
      { status: 500 },
    );
  }
}

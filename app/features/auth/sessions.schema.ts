/** What the /account session list and its "Sign out other sessions" POST share with the browser. */
import type { Toast } from "~/lib/toast-message";

export const SIGN_OUT_OTHERS_INTENT = "sign-out-others";

/** One session as the list shows it; dates are ISO strings once they cross to the browser. */
export interface SessionItem {
  id: string;
  device: string;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
  current: boolean;
}

export interface SessionsActionResult {
  ok: boolean;
  intent: typeof SIGN_OUT_OTHERS_INTENT;
  toast: Toast;
}

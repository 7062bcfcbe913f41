/**
 * One-time messages across a redirect (e.g. 'Access Denied' then /): a short-lived cookie that the root
 * loader reads and clears. The text is rendered by React, so it is escaped like any other value.
 */
import { redirect } from "react-router";
import { FLASH_COOKIE } from "./personal-cookies";
import type { Toast } from "./toast-message";

const secureFlag = (request: Request) => (new URL(request.url).protocol === "https:" ? "; Secure" : "");

function flashCookie(toast: Toast, request: Request): string {
  const value = Buffer.from(JSON.stringify(toast), "utf8").toString("base64url");
  return `${FLASH_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60${secureFlag(request)}`;
}

/** A redirect that shows `toast` on the next page. */
export function redirectWithToast(
  request: Request,
  to: string,
  toast: Toast,
  init: ResponseInit = {},
): Response {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", flashCookie(toast, request));
  return redirect(to, { ...init, headers });
}

/** Reads the flash toast of a request, and the header that clears it. */
export function readFlash(request: Request): { toast: Toast | null; clear: string | null } {
  const cookie = request.headers.get("Cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=([^;]+)`).exec(cookie);
  if (!match) return { toast: null, clear: null };
  const clear = `${FLASH_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secureFlag(request)}`;
  try {
    const parsed = JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8")) as Partial<Toast>;
    if ((parsed.kind === "success" || parsed.kind === "error") && typeof parsed.title === "string") {
      return {
        toast: {
          kind: parsed.kind,
          title: parsed.title,
          text: typeof parsed.text === "string" ? parsed.text : undefined,
        },
        clear,
      };
    }
  } catch {
    // A malformed cookie is simply dropped.
  }
  return { toast: null, clear };
}

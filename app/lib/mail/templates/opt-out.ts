/**
 * What a notification carries so its reader can stop it (RFC 2369 and RFC 8058): the one-click address in
 * List-Unsubscribe with List-Unsubscribe-Post, so a mail client's "Unsubscribe" posts to it without a
 * sign-in, and the same address plus the notification settings in the footer.
 */
import type { MailHeaders } from "~/db/schema";
import type { MailFooter } from "../compose";

export interface OptOut {
  /** The signed one-click address (routes/unsubscribe): GET confirms with a button, POST takes effect. */
  unsubscribeUrl: string;
  /** The person's notification settings. */
  settingsUrl: string;
}

export const listUnsubscribeHeaders = (optOut: OptOut | undefined): MailHeaders =>
  optOut
    ? {
        "List-Unsubscribe": `<${optOut.unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      }
    : {};

/** The footer of a notification: why it came, where to change it, and the unsubscribe link. */
export const notificationFooter = (why: string, optOut: OptOut | undefined): MailFooter => ({
  why,
  ...(optOut
    ? {
        manage: { label: "Choose which e-mails you get", url: optOut.settingsUrl },
        unsubscribeUrl: optOut.unsubscribeUrl,
      }
    : {}),
});

/**
 * The one-click unsubscribe of a notification (RFC 8058), for people who are not signed in: the signed
 * token in the link names the person and the kind. GET only reads it (mail scanners prefetch links); the
 * POST, from the page's button or a mail client's "Unsubscribe", turns the kind off at once.
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { user } from "~/db/schema";
import {
  notificationKindLabels,
  readUnsubscribeToken,
  turnOffNotification,
} from "~/lib/mail/notification-settings.server";

export interface UnsubscribeTarget {
  token: string;
  /** What stops, in words ("e-mails about new leads assigned to you"). */
  what: string;
}

/** The notification a link's token names, or null when the token is missing, tampered with or junk. */
export function unsubscribeTarget(url: URL): UnsubscribeTarget | null {
  const token = url.searchParams.get("token") ?? "";
  const read = readUnsubscribeToken(token);
  return read ? { token, what: notificationKindLabels[read.kind] } : null;
}

/** Turns the token's kind off; false for a token this server did not sign. */
export async function unsubscribe(token: string): Promise<boolean> {
  const read = readUnsubscribeToken(token);
  if (!read) return false;
  const db = await getDb();
  await db.transaction(async (tx) => {
    // An account deleted since the e-mail: nothing is sent to it any more, so there is nothing to change.
    const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.id, read.userId));
    if (account) await turnOffNotification(tx, read.userId, read.kind);
  });
  return true;
}

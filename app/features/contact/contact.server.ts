/**
 * A contact message: rate limits, the row and both e-mails (the complete staff notice, and the sender's
 * acknowledgement, which repeats nothing they wrote) commit in one transaction, or nothing does.
 */
import { getDb } from "~/db/db.server";
import { contactSubmissions } from "~/db/schema";
import { env } from "~/lib/env.server";
import { ipRateLimitKey } from "~/lib/ip-rate-limit-key";
import { enqueueMail } from "~/lib/mail/outbox.server";
import { contactNoticeMail, contactReceiptMail } from "~/lib/mail/templates/forms";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { notify, SUBMISSIONS_CHANNEL } from "~/lib/realtime.server";
import { step } from "~/lib/submission-errors";
import { CONTACT_LIMIT, type ContactInput } from "./contact.schema";

/** Per address: generous, so a normal visitor never meets it; it stops floods from one machine. */
export const CONTACT_IP_LIMIT = { max: 20, windowMs: 60 * 60_000 };

export type ContactResult = { status: "sent"; id: string } | { status: "rate-limited" };

export async function submitContactMessage(
  input: ContactInput,
  meta: { ip: string },
): Promise<ContactResult> {
  const db = await getDb();
  const config = env();
  return db.transaction(async (tx) => {
    const allowed = await step("rate-check", async () => {
      const email = input.email.toLowerCase();
      if (!(await consumeRateLimit(tx, { bucket: `contact:email:${email}`, ...CONTACT_LIMIT }))) return false;
      if (config.IP_RATE_LIMITS === "on") {
        return consumeRateLimit(tx, { bucket: `contact:ip:${ipRateLimitKey(meta.ip)}`, ...CONTACT_IP_LIMIT });
      }
      return true;
    });
    if (!allowed) return { status: "rate-limited" } as const;

    return step("insert", async () => {
      const [row] = await tx
        .insert(contactSubmissions)
        .values({
          name: input.name,
          email: input.email,
          company: input.company ?? null,
          subject: input.subject,
          message: input.message,
        })
        .returning({ id: contactSubmissions.id });
      await enqueueMail(
        tx,
        contactNoticeMail({
          to: config.NOTIFY_EMAIL,
          siteUrl: config.SITE_URL,
          name: input.name,
          email: input.email,
          company: input.company ?? null,
          subject: input.subject,
          message: input.message,
        }),
      );
      // The sender's acknowledgement is our words only: echoing their text would relay it to any address.
      await enqueueMail(
        tx,
        contactReceiptMail({
          to: input.email,
          name: input.name,
          contactEmail: config.CONTACT_EMAIL,
          siteUrl: config.SITE_URL,
          timeZone: config.AGENCY_TIME_ZONE,
        }),
      );
      await notify(tx, SUBMISSIONS_CHANNEL, { kind: "contact", id: row!.id });
      return { status: "sent", id: row!.id } as const;
    });
  });
}

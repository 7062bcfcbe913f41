/**
 * A contact message: rate limits, the row and both e-mails (the complete staff notice, and the sender's
 * acknowledgement, which repeats nothing they wrote) commit in one transaction, or nothing does.
 */
import { getDb } from "~/db/db.server";
import { contactSubmissions } from "~/db/schema";
import { env } from "~/lib/env.server";
import { ipRateLimitKey } from "~/lib/ip-rate-limit-key";
import { acknowledgementMail, greeting } from "~/lib/mail/acknowledgement";
import { composeMail } from "~/lib/mail/compose";
import { enqueueMail } from "~/lib/mail/outbox.server";
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
      const staff = composeMail({
        heading: "New contact message",
        paragraphs: [`${input.name} sent a message through the contact form.`],
        fields: [
          ["Name", input.name],
          ["Email", input.email],
          ["Company", input.company ?? "-"],
          ["Subject", input.subject],
          ["Message", input.message],
        ],
        action: { label: "Open the dashboard", url: `${config.SITE_URL}/admin` },
        footer: "Leadworks website notification",
      });
      await enqueueMail(tx, {
        to: config.NOTIFY_EMAIL,
        replyTo: input.email,
        subject: `New contact message: ${input.subject}`.slice(0, 200),
        ...staff,
      });
      // The sender's acknowledgement is our words only: echoing their text would relay it to any address.
      await enqueueMail(
        tx,
        acknowledgementMail({
          to: input.email,
          subject: "We received your message",
          heading: greeting("Thanks for reaching out", input.name),
          paragraphs: [
            "We received your message and a member of our team will reply within 24 hours (Monday to Friday, 9:00 AM to 6:00 PM).",
          ],
          contactEmail: config.CONTACT_EMAIL,
          siteUrl: config.SITE_URL,
        }),
      );
      await notify(tx, SUBMISSIONS_CHANNEL, { kind: "contact", id: row!.id });
      return { status: "sent", id: row!.id } as const;
    });
  });
}

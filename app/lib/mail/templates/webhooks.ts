/** The client's notice that their webhook endpoint was paused after failing (lib/webhooks/endpoint-health). */
import { composeMail } from "../compose";
import type { OutgoingMail } from "../outbox.server";

export function webhookPausedMail(input: {
  to: string;
  greetingName: string;
  companyName: string;
  url: string;
  since: Date;
  failures: number;
  siteUrl: string;
  contactEmail: string;
}): OutgoingMail {
  return {
    to: input.to,
    replyTo: input.contactEmail,
    ...composeMail({
      subject: "Your Leadworks webhook is paused",
      preheader: `Every delivery has failed since ${input.since.toUTCString()}. Nothing is lost.`,
      heading: "Your webhook is paused",
      paragraphs: [
        `Hello ${input.greetingName}, every attempt to deliver your lead events to your webhook has failed since ${input.since.toUTCString()} (${input.failures} attempts in a row), so we have paused it.`,
        "Nothing is lost: the events are kept, and none is sent or given up while the webhook is paused.",
        'Check that your endpoint answers with a 2xx status within 5 seconds, then press "Resume deliveries" in your settings (saving the URL resumes it too). The kept events are then sent in order.',
      ],
      fields: [["Webhook URL", input.url]],
      action: { label: "Open your webhook settings", url: `${input.siteUrl}/client/settings` },
      // A paused webhook stops the client's own systems: this one has no opt-out.
      footer: {
        why: `You get this e-mail because ${input.companyName} has a webhook set up in the Leadworks client portal; it comes only when deliveries stop.`,
      },
    }),
  };
}

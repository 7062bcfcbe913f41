/**
 * A webhook endpoint paused after failing (lib/webhooks/endpoint-health): the client's notice, and the
 * staff's.
 */
import { formatAgencyTime, timeZoneLabel } from "~/lib/agency-time";
import { composeMail, type Field } from "../compose";
import type { OutgoingMail } from "../outbox.server";
import { listUnsubscribeHeaders, notificationFooter, type OptOut } from "./opt-out";

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

/**
 * The staff's notice that a client's webhook endpoint was paused (once per run of failures: the pause is
 * the mark, and resuming starts a new run). Replies reach the client, whom the staff may want to call.
 */
export function webhookPausedStaffMail(input: {
  to: string;
  greetingName: string;
  clientId: string;
  companyName: string;
  clientEmail: string;
  url: string;
  since: Date;
  failures: number;
  /** The last attempt's answer: "HTTP 500", a timeout, a refused address. */
  lastError: string | null;
  /** AGENCY_TIME_ZONE. */
  timeZone: string;
  siteUrl: string;
  optOut?: OptOut;
}): OutgoingMail {
  const since = `${formatAgencyTime(input.since, input.timeZone)} ${timeZoneLabel(input.timeZone)}`;
  const fields: Field[] = [
    [
      "Client",
      `${input.companyName} (${input.clientEmail})`,
      `${input.siteUrl}/admin/clients/${input.clientId}`,
    ],
    ["Webhook URL", input.url],
    ["Failing since", since],
    ["Failed attempts in a row", input.failures.toLocaleString("en-US")],
    ...(input.lastError ? ([["Last answer", input.lastError]] as Field[]) : []),
  ];
  return {
    to: input.to,
    replyTo: input.clientEmail,
    headers: listUnsubscribeHeaders(input.optOut),
    ...composeMail({
      subject: `Webhook paused: ${input.companyName}`,
      preheader: `Every delivery has failed since ${since}. Their lead events are kept.`,
      heading: "A client's webhook is paused",
      paragraphs: [
        `Hello ${input.greetingName}, every delivery to the webhook of ${input.companyName} has failed since ${since} (${input.failures} attempts in a row), so it is paused: their lead events are kept, and none is sent until it is resumed.`,
        `${input.companyName} got an e-mail asking them to fix their endpoint and resume it. Their webhook page shows the delivery log, and you can resume it for them there once it answers. Reply to this e-mail to write to them.`,
      ],
      fields,
      action: { label: "Open their webhook", url: `${input.siteUrl}/admin/webhooks/${input.clientId}` },
      footer: notificationFooter(
        "You get this e-mail because you are a Leadworks admin and chose to hear when a client's webhook is paused. It comes once each time one is paused.",
        input.optOut,
      ),
    }),
  };
}

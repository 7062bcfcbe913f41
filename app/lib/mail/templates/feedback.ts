/**
 * The staff's daily digest of client feedback (features/leads/feedback-digest.server.ts): what clients
 * said of their leads since the last digest, each entry with the client, the lead (linked to its admin
 * page), the status with its reason, the notes, and the person in the client company who gave it. One
 * message for one entry and for many; the first DIGEST_LIST_MAX are listed, the rest counted.
 */
import { formatAgencyTime, timeZoneLabel } from "~/lib/agency-time";
import { composeMail, type Field } from "../compose";
import type { OutgoingMail } from "../outbox.server";
import { DIGEST_LIST_MAX } from "./leads";
import { listUnsubscribeHeaders, notificationFooter, type OptOut } from "./opt-out";

export interface FeedbackEntry {
  leadId: string;
  leadName: string;
  city: string;
  state: string;
  /** The client company the lead is delivered to. */
  company: string;
  /** The status as the portal names it ("Not Interested"). */
  status: string;
  /** Why they passed ("Price"), with Not Interested. */
  reason?: string;
  notes: string;
  /** The person in the client company who gave it: "Tom Baker (tom@example.com)". */
  by: string;
  at: Date;
}

export interface FeedbackDigestInput {
  to: string;
  greetingName: string;
  /** The entries named (at most DIGEST_LIST_MAX are shown), oldest first. */
  entries: FeedbackEntry[];
  /** How many there were, when `entries` names only the first few. */
  count?: number;
  /** The previous digest's end: the feedback came after it. */
  since: Date;
  /** AGENCY_TIME_ZONE: every time is shown as the agency reads it. */
  timeZone: string;
  siteUrl: string;
  optOut?: OptOut;
}

const updates = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "update" : "updates"}`;

export function feedbackDigestMail(input: FeedbackDigestInput): OutgoingMail {
  const count = input.count ?? input.entries.length;
  const shown = input.entries.slice(0, DIGEST_LIST_MAX);
  const at = (date: Date) => formatAgencyTime(date, input.timeZone);
  const zone = timeZoneLabel(input.timeZone);
  const statusOf = (entry: FeedbackEntry) =>
    entry.reason ? `${entry.status} (${entry.reason})` : entry.status;
  const fields: Field[] = shown.map((entry) => [
    `${entry.leadName}, ${entry.city}, ${entry.state}`,
    [
      `${entry.company}: ${statusOf(entry)}`,
      ...(entry.notes ? [`Notes: ${entry.notes}`] : []),
      `By ${entry.by}, ${at(entry.at)}`,
    ].join("\n"),
    `${input.siteUrl}/admin/leads/${entry.leadId}`,
  ]);
  return {
    to: input.to,
    headers: listUnsubscribeHeaders(input.optOut),
    ...composeMail({
      subject: `Client feedback digest: ${updates(count)}`,
      preheader: shown
        .slice(0, 3)
        .map((entry) => `${entry.company}: ${statusOf(entry)} (${entry.leadName})`)
        .join(", "),
      heading: "Client feedback since the last digest",
      paragraphs: [
        `Hello ${input.greetingName}, here is the feedback clients gave on their leads since ${at(input.since)} ${zone}: ${updates(count)}.`,
        "Each lead links to its page, with the whole timeline and the client's earlier notes.",
        ...(count > shown.length
          ? [
              `The first ${shown.length} are listed below; the lead list, recently updated first, has the rest.`,
            ]
          : []),
      ],
      fields,
      action: { label: "Open the leads", url: `${input.siteUrl}/admin/leads?sort=updated` },
      footer: notificationFooter(
        "You get this digest because you are a Leadworks admin and chose the daily digest of client feedback. It comes each business morning, and not on a day without feedback.",
        input.optOut,
      ),
    }),
  };
}

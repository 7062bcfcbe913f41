/**
 * A client member's reminder of the company's leads that wait for feedback past the company's chosen time
 * (features/leads/feedback-reminders.server.ts): one message per person per run, listing their waiting
 * leads (the ones they took, and the ones nobody on the team took yet), each linked to its page; the
 * first DIGEST_LIST_MAX are listed, the rest counted.
 */
import { businessHoursLabel, formatAgencyTime, timeZoneLabel } from "~/lib/agency-time";
import { composeMail, type Field } from "../compose";
import type { OutgoingMail } from "../outbox.server";
import { DIGEST_LIST_MAX } from "./leads";
import { listUnsubscribeHeaders, notificationFooter, type OptOut } from "./opt-out";

export interface WaitingLead {
  id: string;
  name: string;
  city: string;
  state: string;
  deliveredAt: Date;
  /** The recipient took it ("mine"); otherwise nobody on the team has. */
  mine: boolean;
}

export interface FeedbackReminderInput {
  to: string;
  greetingName: string;
  companyName: string;
  /** The leads named (at most DIGEST_LIST_MAX are shown), oldest first. */
  leads: WaitingLead[];
  /** How many there are, when `leads` names only the first few. */
  count?: number;
  /** The company's choice: the leads waited this many business hours. */
  hours: number;
  /** AGENCY_TIME_ZONE: business hours and times are the agency's. */
  timeZone: string;
  siteUrl: string;
  contactEmail: string;
  optOut?: OptOut;
}

const leadsWord = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "lead" : "leads"}`;
const hoursWord = (n: number) => `${n} business ${n === 1 ? "hour" : "hours"}`;

/** The client list's "Waiting for feedback" quick filter (lead-list.schema.ts). */
export const waitingLeadsPath = "/client/leads?feedback=not_reviewed";

export function feedbackReminderMail(input: FeedbackReminderInput): OutgoingMail {
  const count = input.count ?? input.leads.length;
  const shown = input.leads.slice(0, DIGEST_LIST_MAX);
  const zone = timeZoneLabel(input.timeZone);
  const leadUrl = (id: string) => `${input.siteUrl}/client/leads/${id}`;
  const fields: Field[] = shown.map((lead) => [
    `${lead.name}, ${lead.city}, ${lead.state}`,
    `Delivered ${formatAgencyTime(lead.deliveredAt, input.timeZone)} ${zone} · ${
      lead.mine ? "taken by you" : "not taken by anyone yet"
    }`,
    leadUrl(lead.id),
  ]);
  const single = count === 1 ? shown[0] : undefined;
  return {
    to: input.to,
    replyTo: input.contactEmail,
    headers: listUnsubscribeHeaders(input.optOut),
    ...composeMail({
      subject: single
        ? `Waiting for your feedback: ${single.name}, ${single.city}, ${single.state}`
        : `${leadsWord(count)} wait for your feedback`,
      preheader: shown
        .slice(0, 3)
        .map((lead) => `${lead.name} (${lead.city}, ${lead.state})`)
        .join(", "),
      heading: single ? "A lead waits for your feedback" : `${leadsWord(count)} wait for your feedback`,
      paragraphs: [
        `Hello ${input.greetingName}, ${single ? "this lead" : "these leads"} of ${input.companyName} ${
          single ? "has" : "have"
        } waited ${hoursWord(input.hours)} since delivery without feedback.`,
        "Sellers called back quickly are far more likely to sell: call now, then tell us how it went with the feedback buttons.",
        ...(count > shown.length
          ? [`The first ${shown.length} are listed below; your portal lists all ${count}.`]
          : []),
      ],
      fields,
      action: single
        ? { label: "Open the lead", url: leadUrl(single.id) }
        : { label: "Open leads waiting for feedback", url: `${input.siteUrl}${waitingLeadsPath}` },
      footer: notificationFooter(
        `You get this reminder because ${input.companyName} is reminded of leads without feedback after ${hoursWord(
          input.hours,
        )} (${businessHoursLabel(input.timeZone)}), and the leads listed are yours or nobody's yet. Each lead reminds once.`,
        input.optOut,
      ),
    }),
  };
}

/**
 * The words of each text message (ADR 045), like the e-mail templates but short: a text is read on a lock
 * screen. Each says who sends it, what happened, one link to act on, and how to stop. No contact details
 * (those stay behind the sign-in, as in the e-mails). Pure functions from data to the message body.
 */
import { waitingLeadsPath } from "~/lib/mail/templates/reminders";

export interface TextLead {
  id: string;
  name: string;
  city: string;
  state: string;
}

const STOP = "Reply STOP to opt out.";
const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** New leads assigned to the company: one names the lead and links to it; many count and link the list. */
export function newLeadsText(input: { leads: TextLead[]; count: number; siteUrl: string }): string {
  const single = input.count === 1 ? input.leads[0] : undefined;
  return single
    ? `Leadworks: new lead ${single.name}, ${single.city}, ${single.state}. ${input.siteUrl}/client/leads/${single.id} ${STOP}`
    : `Leadworks: ${count(input.count, "new lead", "new leads")} for you. ${input.siteUrl}/client/leads ${STOP}`;
}

/** Leads waiting for the person's feedback past the company's time (feedback-reminders.server.ts). */
export function reminderText(input: {
  leads: TextLead[];
  count: number;
  hours: number;
  siteUrl: string;
}): string {
  const single = input.count === 1 ? input.leads[0] : undefined;
  const waited = count(input.hours, "business hour", "business hours");
  return single
    ? `Leadworks: ${single.name}, ${single.city}, ${single.state} has waited ${waited} for your feedback. ${input.siteUrl}/client/leads/${single.id} ${STOP}`
    : `Leadworks: ${count(input.count, "lead has", "leads have")} waited ${waited} for your feedback. ${input.siteUrl}${waitingLeadsPath} ${STOP}`;
}

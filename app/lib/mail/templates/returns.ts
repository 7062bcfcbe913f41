/**
 * A return's messages: the staff's notice of a request (replies reach the client who asked), the client's
 * receipt of it, and the decision. The client's two are notifications of the "returns" kind.
 */
import { composeMail } from "../compose";
import type { OutgoingMail } from "../outbox.server";
import { listUnsubscribeHeaders, notificationFooter, type OptOut } from "./opt-out";

export interface ReturnedLead {
  id: string;
  name: string;
  city: string;
  state: string;
}

const place = (lead: ReturnedLead) => `${lead.name} (${lead.city}, ${lead.state})`;

export function returnRequestedNoticeMail(input: {
  to: string;
  siteUrl: string;
  client: string;
  clientEmail: string;
  lead: ReturnedLead;
  reason: string;
  note: string;
}): OutgoingMail {
  return {
    to: input.to,
    // Staff answering the notice write to the client who asked.
    replyTo: input.clientEmail,
    ...composeMail({
      subject: `Return requested: ${input.lead.name} by ${input.client}`,
      preheader: `${input.reason}${input.note ? `: ${input.note.slice(0, 80)}` : ""}`,
      heading: "A client asks to return a lead",
      paragraphs: [
        `${input.client} asks to return ${place(input.lead)}.`,
        "Approve or reject it in the returns queue.",
      ],
      fields: [
        ["Client", input.client],
        ["Lead", input.lead.name, `${input.siteUrl}/admin/leads/${input.lead.id}`],
        ["Reason", input.reason],
        ...(input.note ? ([["Note", input.note]] as [string, string][]) : []),
      ],
      action: { label: "Open the returns queue", url: `${input.siteUrl}/admin/returns` },
      footer: {
        why: "You get this e-mail because this address receives the Leadworks staff's notifications (NOTIFY_EMAIL). Reply to answer the client.",
      },
    }),
  };
}

export interface ClientReturnInput {
  to: string;
  greetingName: string;
  companyName: string;
  lead: ReturnedLead;
  siteUrl: string;
  contactEmail: string;
  optOut?: OptOut;
}

const returnsFooter = (input: ClientReturnInput) =>
  notificationFooter(
    `You get this e-mail because you asked to return a lead of ${input.companyName} and chose to hear about returns.`,
    input.optOut,
  );

/** The client's receipt of their return request. */
export function returnReceiptMail(input: ClientReturnInput & { reason: string; note: string }): OutgoingMail {
  return {
    to: input.to,
    replyTo: input.contactEmail,
    headers: listUnsubscribeHeaders(input.optOut),
    ...composeMail({
      subject: `Return received: ${input.lead.name}`,
      preheader: "We will review it and e-mail you our decision.",
      heading: "We received your return request",
      paragraphs: [
        `Hello ${input.greetingName}, we received your request to return ${place(input.lead)}.`,
        "Our team reviews every request and e-mails you the decision; you also see it on the lead's page. Until then the lead stays in your portal.",
      ],
      fields: [
        ["Lead", input.lead.name],
        ["Reason", input.reason],
        ...(input.note ? ([["Your note", input.note]] as [string, string][]) : []),
      ],
      action: { label: "View the lead", url: `${input.siteUrl}/client/leads/${input.lead.id}` },
      footer: returnsFooter(input),
    }),
  };
}

/** The decision on a client's return: one sentence that says it, the agency's note, what happens next. */
export function returnDecisionMail(
  input: ClientReturnInput & { approved: boolean; note: string },
): OutgoingMail {
  const hello = `Hello ${input.greetingName}`;
  const lead = place(input.lead);
  return {
    to: input.to,
    // Answers reach the agency (an account manager of the client's, once there is one).
    replyTo: input.contactEmail,
    headers: listUnsubscribeHeaders(input.optOut),
    ...composeMail({
      subject: input.approved
        ? `Return approved: ${input.lead.name}`
        : `Return not accepted: ${input.lead.name}`,
      preheader: input.approved
        ? "It no longer counts as delivered; a replacement lead is owed."
        : "You can reply to this e-mail if you disagree.",
      heading: input.approved ? "Your return is approved" : "Your return was not accepted",
      paragraphs: [
        input.approved
          ? `${hello}, we accepted the return of ${lead}. It no longer counts as delivered, and we owe you a replacement lead.`
          : `${hello}, we reviewed your return of ${lead} and could not accept it.`,
        ...(input.note ? [input.approved ? `Our note: ${input.note}` : `Why: ${input.note}`] : []),
        input.approved
          ? {
              text: "The replacement comes as a lead beyond this month's promised number. What is owed and delivered:",
              link: { label: "your agreement", url: `${input.siteUrl}/client/agreement` },
            }
          : "If you disagree, reply to this e-mail with what you found (a call time, a screenshot) and we will look again.",
      ],
      action: { label: "View the lead", url: `${input.siteUrl}/client/leads/${input.lead.id}` },
      footer: returnsFooter(input),
    }),
  };
}

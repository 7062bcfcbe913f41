/**
 * The client's news of leads assigned to them: one template for one lead and for many, whichever screen
 * (single assignment, bulk, import, API, daily digest) caused it. One lead links to that lead; many list
 * each lead with its own link (the first DIGEST_LIST_MAX) and link to the portal's list.
 */
import { composeMail, type Field } from "../compose";
import type { OutgoingMail } from "../outbox.server";
import { listUnsubscribeHeaders, notificationFooter, type OptOut } from "./opt-out";

/** Leads named in a message for many; the rest are counted. */
export const DIGEST_LIST_MAX = 25;

export interface AssignedLead {
  id: string;
  name: string;
  city: string;
  state: string;
  property: string;
  motivation: string;
}

export interface NewLeadsInput {
  to: string;
  /** The client's first name, or their company's. */
  greetingName: string;
  companyName: string;
  /** The leads named (at most DIGEST_LIST_MAX are shown). */
  leads: AssignedLead[];
  /** How many were assigned, when `leads` names only the first few. */
  count?: number;
  /** The daily digest of someone who chose one message a day. */
  daily?: boolean;
  siteUrl: string;
  contactEmail: string;
  optOut?: OptOut;
}

export function newLeadsMail(input: NewLeadsInput): OutgoingMail {
  const count = input.count ?? input.leads.length;
  const leadUrl = (id: string) => `${input.siteUrl}/client/leads/${id}`;
  const hello = `Hello ${input.greetingName}`;
  const why = notificationFooter(
    input.daily
      ? `You get this daily digest because you chose one e-mail a day about new leads for ${input.companyName}.`
      : `You get this e-mail because new leads for ${input.companyName} are announced to this address.`,
    input.optOut,
  );
  const base = {
    to: input.to,
    // Answers reach the agency (an account manager of the client's, once there is one).
    replyTo: input.contactEmail,
    headers: listUnsubscribeHeaders(input.optOut),
  };
  const single = count === 1 ? input.leads[0] : undefined;
  if (single) {
    const where = `${single.city}, ${single.state}`;
    return {
      ...base,
      ...composeMail({
        subject: `New lead: ${single.name}, ${where}`,
        preheader: `${single.property} in ${where}. Motivation: ${single.motivation}.`,
        heading: "A new seller lead for you",
        paragraphs: [
          `${hello}, we have assigned a new homeowner lead to you.`,
          "Open it in your portal for the contact details and the seller's situation, and tell us how it goes with the feedback buttons.",
        ],
        fields: [
          ["Seller", single.name],
          ["Location", where],
          ["Property", single.property],
          ["Motivation", single.motivation],
        ],
        action: { label: "View the lead", url: leadUrl(single.id) },
        footer: why,
      }),
    };
  }
  const shown = input.leads.slice(0, DIGEST_LIST_MAX);
  const fields: Field[] = shown.map((lead) => [
    lead.name,
    `${lead.city}, ${lead.state} · ${lead.property} · ${lead.motivation}`,
    leadUrl(lead.id),
  ]);
  return {
    ...base,
    ...composeMail({
      subject: input.daily ? `Your daily digest: ${count} new leads` : `${count} new leads assigned to you`,
      preheader: shown
        .slice(0, 3)
        .map((lead) => `${lead.name} (${lead.city}, ${lead.state})`)
        .join(", "),
      heading: `${count} new seller leads for you`,
      paragraphs: [
        input.daily
          ? `${hello}, we have assigned ${count} new homeowner leads to you since your last digest.`
          : `${hello}, we have assigned ${count} new homeowner leads to you.`,
        "Open each one in your portal for the contact details and the seller's situation, and tell us how it goes with the feedback buttons.",
        ...(count > shown.length
          ? [`The first ${shown.length} are listed below; your portal lists all ${count}.`]
          : []),
      ],
      fields,
      action: { label: "Open your leads", url: `${input.siteUrl}/client/leads` },
      footer: why,
    }),
  };
}

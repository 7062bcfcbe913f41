/**
 * The staff's notices of the website's forms (contact and job application). They go to NOTIFY_EMAIL and
 * reply to the visitor; the visitor's own acknowledgement is lib/mail/acknowledgement.ts.
 */
import type { MailAttachment } from "~/db/schema";
import { businessHoursLabel } from "~/lib/agency-time";
import { acknowledgementMail, greeting } from "../acknowledgement";
import { composeMail, type MailFooter } from "../compose";
import type { OutgoingMail } from "../outbox.server";

const staffFooter: MailFooter = {
  why: "You get this e-mail because this address receives the Leadworks website's notifications (NOTIFY_EMAIL). Reply to answer the sender.",
};

export function contactNoticeMail(input: {
  to: string;
  siteUrl: string;
  name: string;
  email: string;
  company: string | null;
  subject: string;
  message: string;
}): OutgoingMail {
  return {
    to: input.to,
    replyTo: input.email,
    ...composeMail({
      subject: `New contact message: ${input.subject}`.slice(0, 200),
      preheader: `${input.name} wrote: ${input.message.slice(0, 90)}`,
      heading: "New contact message",
      paragraphs: [`${input.name} sent a message through the contact form.`],
      fields: [
        ["Name", input.name],
        ["Email", input.email],
        ["Company", input.company ?? "-"],
        ["Subject", input.subject],
        ["Message", input.message],
      ],
      action: { label: "Open the dashboard", url: `${input.siteUrl}/admin` },
      footer: staffFooter,
    }),
  };
}

export function careerNoticeMail(input: {
  to: string;
  siteUrl: string;
  name: string;
  email: string;
  phone: string | null;
  position: string;
  experience: string;
  resume: MailAttachment | undefined;
  coverLetter: string;
}): OutgoingMail {
  return {
    to: input.to,
    replyTo: input.email,
    attachments: input.resume ? [input.resume] : [],
    ...composeMail({
      subject: `New application: ${input.name}, ${input.position}`,
      preheader: `${input.experience} of experience${input.resume ? ", resume attached" : ""}.`,
      heading: "New job application",
      paragraphs: [`${input.name} applied for ${input.position}.`],
      fields: [
        ["Name", input.name],
        ["Email", input.email],
        ["Phone", input.phone ?? "-"],
        ["Position", input.position],
        ["Experience", input.experience],
        ["Resume", input.resume ? `${input.resume.fileName} (attached)` : "none"],
        ["Cover letter", input.coverLetter],
      ],
      action: { label: "Open the dashboard", url: `${input.siteUrl}/admin` },
      footer: staffFooter,
    }),
  };
}

/**
 * The visitor's acknowledgement of the contact form (our words only, see acknowledgementMail). The hours
 * name the agency's time zone: "9:00 AM" alone means a different hour to a reader in California.
 */
export const contactReceiptMail = (input: {
  to: string;
  name: string;
  contactEmail: string;
  siteUrl: string;
  /** AGENCY_TIME_ZONE. */
  timeZone: string;
}): OutgoingMail =>
  acknowledgementMail({
    to: input.to,
    subject: "We received your message",
    heading: greeting("Thanks for reaching out", input.name),
    paragraphs: [
      `We received your message and a member of our team will reply within 24 hours (${businessHoursLabel(input.timeZone)}).`,
    ],
    contactEmail: input.contactEmail,
    siteUrl: input.siteUrl,
  });

/** The applicant's acknowledgement of the job form (no cover letter, see acknowledgementMail). */
export const careerReceiptMail = (input: {
  to: string;
  firstName: string;
  position: string;
  contactEmail: string;
  siteUrl: string;
}): OutgoingMail =>
  acknowledgementMail({
    to: input.to,
    subject: "We received your application",
    heading: greeting("Thank you for applying", input.firstName),
    paragraphs: [
      `We received your application for ${input.position}. Our team reviews every application and will get back to you soon.`,
    ],
    contactEmail: input.contactEmail,
    siteUrl: input.siteUrl,
  });

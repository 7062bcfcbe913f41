/**
 * The acknowledgement a visitor gets after the contact or job form. Anyone can type any address into
 * those forms, so the e-mail must carry nothing the visitor wrote: no subject, message or cover letter
 * (we would relay spam to that address), and a name only when it is one plain word.
 */
import { composeMail } from "./compose";
import { AUTO_REPLIED } from "./auto-submitted";
import type { OutgoingMail } from "./outbox.server";

/** One word of letters (a hyphen or apostrophe inside, as in Anne-Marie or O'Neil), at most 20 characters. */
const plainName = /^\p{L}+(?:['’-]\p{L}+)*$/u;
const NAME_MAX = 20;

/**
 * The first word of `name` when the whole name is plain words (a short first one), else undefined and
 * the greeting stays generic. Digits, dots, slashes, "@" and ":" never pass, so a name that carries a
 * link, an address or a phone number is not used at all.
 */
export function greetingName(name: string): string | undefined {
  const words = name.trim().split(/\s+/);
  const first = words[0] ?? "";
  return first.length <= NAME_MAX && words.every((word) => plainName.test(word)) ? first : undefined;
}

/** "Thanks for reaching out, Jane" or, for a name that is not plain, "Thanks for reaching out". */
export const greeting = (words: string, name: string) => {
  const shown = greetingName(name);
  return shown ? `${words}, ${shown}` : words;
};

export interface AcknowledgementInput {
  to: string;
  subject: string;
  heading: string;
  /** Our own sentences: what we received and when to expect an answer. Never the visitor's text. */
  paragraphs: string[];
  contactEmail: string;
  siteUrl: string;
}

/**
 * Our words only, with the site's contact details; replies go to the contact address. It answers the
 * visitor's form automatically (Auto-Submitted: auto-replied), so their vacation responder stays quiet.
 */
export function acknowledgementMail(input: AcknowledgementInput): OutgoingMail {
  return {
    to: input.to,
    replyTo: input.contactEmail,
    headers: AUTO_REPLIED,
    ...composeMail({
      subject: input.subject,
      preheader: input.paragraphs[0] ?? input.heading,
      heading: input.heading,
      paragraphs: [
        ...input.paragraphs,
        `Questions in the meantime? Write to ${input.contactEmail} or visit ${input.siteUrl}.`,
        "If you did not fill in a form on our website, someone else typed your address: you can ignore this e-mail.",
      ],
      footer: {
        why: `You get this one e-mail because this address was entered in a form on ${input.siteUrl}. Replies reach ${input.contactEmail}.`,
      },
    }),
  };
}

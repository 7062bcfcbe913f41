/**
 * The one description of an e-mail (issue 27, ADRs 038 and 047): templates build a `MailContent`, and both
 * parts come from it, so they say the same. The plain-text part is written here; the HTML part is the
 * MJML layout (layout.server.ts), which escapes every value.
 */
import { site } from "~/lib/site";
import { composeHtml } from "./layout.server";

export interface Link {
  label: string;
  url: string;
}

/**
 * A paragraph that ends in a link: "<text> <label>: <url>" in the plain text, and in the HTML the label is
 * the link ("<text> <a href=url>label</a>.").
 */
export interface LinkParagraph {
  text: string;
  link: Link;
}

/** A label/value row; with a URL the label links to the thing itself. */
export type Field = [label: string, value: string, url?: string];

export interface MailFooter {
  /** Why this person got this message ("You get this e-mail because ..."). */
  why: string;
  /** Where they change that: their notification settings, or a person to write to. */
  manage?: Link;
  /** The one-click unsubscribe page of a notification (its GET confirms with a button). */
  unsubscribeUrl?: string;
}

export interface MailContent {
  subject: string;
  /** The line an inbox shows after the subject; hidden in the message itself. */
  preheader: string;
  heading: string;
  paragraphs: (string | LinkParagraph)[];
  /** Label/value rows, e.g. the fields of a submission or the leads of a digest (each its own link). */
  fields?: Field[];
  action?: Link;
  footer: MailFooter;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const plainParagraph = (p: string | LinkParagraph) =>
  typeof p === "string" ? p : `${p.text} ${p.link.label}: ${p.link.url}`;

const plainFooter = (footer: MailFooter) => [
  footer.why,
  ...(footer.manage ? [`${footer.manage.label}: ${footer.manage.url}`] : []),
  ...(footer.unsubscribeUrl ? [`Unsubscribe: ${footer.unsubscribeUrl}`] : []),
];

export function composeText(content: MailContent): string {
  const fields = content.fields ?? [];
  // One line per field; a field of several lines stands apart with a blank line, so entries of a list
  // (the feedback digest's) do not run into each other.
  const fieldText = fields
    .map(([label, value, url], i) => {
      const lines = value.includes("\n");
      const apart = i > 0 && (lines || fields[i - 1]![1].includes("\n")) ? "\n" : "";
      return `${apart}${label}:${lines ? "\n" : " "}${value}${url ? `\n${url}` : ""}`;
    })
    .join("\n");
  const blocks = [
    content.heading,
    ...content.paragraphs.map(plainParagraph),
    ...(fieldText ? [fieldText] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ["--", site.name, ...plainFooter(content.footer)].join("\n"),
  ];
  return blocks.join("\n\n");
}

export function composeMail(content: MailContent): ComposedMail {
  return { subject: content.subject, text: composeText(content), html: composeHtml(content) };
}

/**
 * The one layout of every e-mail (issue 27, ADR 038): the plain-text and HTML parts from one description,
 * with every value escaped in the HTML. The HTML is a single column of tables at most 600 px wide (Outlook
 * gets a fixed 600 px table through a conditional comment), the agency's name as a text logo, a hidden
 * preheader, a button built from a table cell (Outlook draws its colour and size), long values that wrap
 * anywhere (a URL never widens a phone's view), colours that read in light and dark mode, and a footer
 * that says why the recipient got the message and how to change that.
 */
import { site } from "~/lib/site";

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

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

// Colours chosen to read on both a light and a dark canvas: clients that invert colours (Outlook.com,
// Gmail's apps) turn these mid tones into legible ones, and clients that honour prefers-color-scheme get
// the dark palette from the <style> block.
const colour = {
  canvas: "#f1f5f9",
  card: "#ffffff",
  text: "#0f172a",
  muted: "#475569",
  brand: "#1d4ed8",
  border: "#e2e8f0",
};

const plainParagraph = (p: string | LinkParagraph) =>
  typeof p === "string" ? p : `${p.text} ${p.link.label}: ${p.link.url}`;

const htmlParagraph = (p: string | LinkParagraph) =>
  typeof p === "string"
    ? escapeHtml(p)
    : `${escapeHtml(p.text)} <a href="${escapeHtml(p.link.url)}">${escapeHtml(p.link.label)}</a>.`;

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

/** Breaks long words and URLs anywhere rather than widening the column. */
const wrap = "overflow-wrap:anywhere;word-break:break-word";
const font = "font-family:Arial,Helvetica,sans-serif";

/**
 * A button Outlook draws too: the table cell carries the colour (bgcolor), the link's thick border of the
 * same colour gives it its size (Outlook ignores padding on links, not borders).
 */
function button(action: Link): string {
  const url = escapeHtml(action.url);
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px">` +
    `<tr><td class="button" align="center" bgcolor="${colour.brand}" style="border-radius:6px;background:${colour.brand}">` +
    `<a href="${url}" class="button" target="_blank" style="display:inline-block;${font};font-size:16px;font-weight:bold;line-height:20px;color:#ffffff;text-decoration:none;border-radius:6px;border-style:solid;border-color:${colour.brand};border-width:12px 22px;background:${colour.brand}">` +
    `${escapeHtml(action.label)}</a></td></tr></table>`
  );
}

function fieldRows(fields: Field[]): string {
  if (fields.length === 0) return "";
  // Stacked, label over value: two columns squeeze a long value into a sliver on a phone.
  const rows = fields
    .map(
      ([label, value, url]) =>
        `<tr><td class="muted" style="padding:10px 0 2px;${font};font-size:13px;line-height:18px;color:${colour.muted};font-weight:bold">${url ? `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>` : escapeHtml(label)}</td></tr>` +
        `<tr><td class="field-value" style="padding:0 0 10px;border-bottom:1px solid ${colour.border};${font};font-size:15px;line-height:22px;white-space:pre-wrap;${wrap}">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="table-layout:fixed;width:100%;margin:0 0 16px">${rows}</table>`;
}

function htmlFooter(footer: MailFooter): string {
  const links = [
    ...(footer.manage
      ? [`<a href="${escapeHtml(footer.manage.url)}">${escapeHtml(footer.manage.label)}</a>`]
      : []),
    ...(footer.unsubscribeUrl ? [`<a href="${escapeHtml(footer.unsubscribeUrl)}">Unsubscribe</a>`] : []),
  ];
  return `<p style="margin:0 0 8px">${escapeHtml(footer.why)}</p>${links.length ? `<p style="margin:0">${links.join(" &middot; ")}</p>` : ""}`;
}

export function composeHtml(content: MailContent): string {
  // Enough invisible filler after the preheader that inboxes do not append the body's first words to it.
  const filler = "&#847;&zwnj;&nbsp;".repeat(60);
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(content.subject)}</title>
<style>
body{margin:0;padding:0;width:100%!important;-webkit-text-size-adjust:100%}
table{border-collapse:collapse}
p{margin:0 0 16px}
a{color:${colour.brand}}
.content p,.content td{${wrap}}
@media (prefers-color-scheme:dark){
.canvas{background:#0b1220!important}
.card{background:#111827!important;color:#e5e7eb!important;border-color:#334155!important}
.field-value{border-color:#334155!important}
.card td{color:#e5e7eb!important}
.muted,.card .muted{color:#cbd5e1!important}
.logo{color:#93c5fd!important}
a{color:#93c5fd!important}
td.button,a.button{background:#2563eb!important;border-color:#2563eb!important;color:#ffffff!important}
}
@media screen and (max-width:480px){.card{padding:20px 16px!important}.canvas-cell{padding:12px 8px!important}}
</style>
</head>
<body class="canvas" style="margin:0;padding:0;background:${colour.canvas}">
<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all">${escapeHtml(content.preheader)}${filler}</div>
<table role="presentation" class="canvas" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;background:${colour.canvas}">
<tr><td class="canvas-cell" align="center" style="padding:24px 12px">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px">
<tr><td class="logo" style="padding:0 4px 16px;${font};font-size:22px;line-height:28px;font-weight:bold;color:${colour.brand}">${escapeHtml(site.name)}</td></tr>
<tr><td class="card content" style="background:${colour.card};border:1px solid ${colour.border};border-radius:8px;padding:32px 28px;${font};font-size:16px;line-height:24px;color:${colour.text};${wrap}">
<h1 style="margin:0 0 16px;${font};font-size:22px;line-height:28px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p>${htmlParagraph(p)}</p>`).join("\n")}
${fieldRows(content.fields ?? [])}
${content.action ? button(content.action) : ""}
</td></tr>
<tr><td class="muted content" style="padding:16px 4px;${font};font-size:13px;line-height:20px;color:${colour.muted};${wrap}">
${htmlFooter(content.footer)}
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>`;
}

export function composeMail(content: MailContent): ComposedMail {
  return { subject: content.subject, text: composeText(content), html: composeHtml(content) };
}

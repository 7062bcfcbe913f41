/**
 * The HTML part of every e-mail (issue 27, ADR 047): one MJML document, compiled to HTML once when this
 * module loads and filled per message. MJML writes the parts mail clients disagree on: the 600 px column
 * (Outlook gets fixed-width tables in conditional comments), the hidden preheader, a table-based button
 * that Outlook draws with its colour and size, the viewport and the resets. We add the agency's name as a
 * text logo, colours that read in light and dark mode, long values that wrap anywhere (a URL never widens
 * a phone's view) and a footer that says why the recipient got the message and how to change that.
 *
 * Compiling a document costs a few milliseconds and mail is rendered in request and outbox paths, so the
 * document is compiled once per shape (with or without a button) with slots, and a message only fills
 * them: one pass over the compiled HTML, where every value is already escaped and is never read again
 * (a value that looks like a slot stays text). Server only: MJML never reaches the browser bundle.
 */
import mjml2html from "mjml";
import { site } from "~/lib/site";
import type { Field, Link, LinkParagraph, MailContent, MailFooter } from "./compose";

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

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
const dark = {
  canvas: "#0b1220",
  card: "#111827",
  text: "#e5e7eb",
  muted: "#cbd5e1",
  link: "#93c5fd",
  border: "#334155",
};

/** Breaks long words and URLs anywhere rather than widening the column (both inherit). */
const wrap = "overflow-wrap:anywhere;word-break:break-word";

const slots = ["title", "preheader", "heading", "body", "footer", "actionUrl", "actionLabel"] as const;
type Slot = (typeof slots)[number];
const slot = (name: Slot) => `{{lw:${name}}}`;

const button = `<mj-button href="${slot("actionUrl")}" css-class="button" align="left" background-color="${colour.brand}" color="#ffffff" font-size="16px" font-weight="bold" line-height="20px" inner-padding="12px 22px" border-radius="6px" padding="8px 0 0">${slot("actionLabel")}</mj-button>`;

function document(withAction: boolean): string {
  return `<mjml lang="en" dir="ltr">
<mj-head>
<mj-title>${slot("title")}</mj-title>
<mj-preview>${slot("preheader")}</mj-preview>
<mj-raw>
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
</mj-raw>
<mj-attributes>
<mj-all font-family="Arial, Helvetica, sans-serif" />
<mj-text font-size="16px" line-height="24px" color="${colour.text}" padding="0" />
<mj-section padding="0" />
<mj-column padding="0" />
</mj-attributes>
<mj-style>
p{margin:0 0 16px}
a{color:${colour.brand}}
@media (prefers-color-scheme:dark){
body,.canvas{background:${dark.canvas}!important}
.card,.card>table{background:${dark.card}!important}
.card>table>tbody>tr>td{border-color:${dark.border}!important}
.card .content div,.card .content td{color:${dark.text}!important;border-color:${dark.border}!important}
.muted div,.card .content .muted{color:${dark.muted}!important}
.logo div{color:${dark.link}!important}
a{color:${dark.link}!important}
.button td,.button a{background:#2563eb!important;color:#ffffff!important}
}
</mj-style>
</mj-head>
<mj-body width="600px" background-color="${colour.canvas}" css-class="canvas">
<mj-wrapper padding="24px 12px">
<mj-section padding="0 4px 16px">
<mj-column>
<mj-text css-class="logo" font-size="22px" line-height="28px" font-weight="bold" color="${colour.brand}">${escapeHtml(site.name)}</mj-text>
</mj-column>
</mj-section>
<mj-section css-class="card" background-color="${colour.card}" border="1px solid ${colour.border}" border-radius="8px" padding="32px 28px">
<mj-column>
<mj-text css-class="content"><h1 style="margin:0 0 16px;font-size:22px;line-height:28px;${wrap}">${slot("heading")}</h1>
<div style="${wrap}">${slot("body")}</div></mj-text>
${withAction ? button : ""}
</mj-column>
</mj-section>
<mj-section padding="16px 4px 0">
<mj-column>
<mj-text css-class="muted content" font-size="13px" line-height="20px" color="${colour.muted}"><div style="${wrap}">${slot("footer")}</div></mj-text>
</mj-column>
</mj-section>
</mj-wrapper>
</mj-body>
</mjml>`;
}

/**
 * The document compiled to HTML, checked strictly (an MJML error throws, here at load and so in every test
 * that renders a mail), with each of its slots present (the title twice: <title> and the body's label). No minify or beautify: both are slow
 * and mail clients do not care.
 */
function compile(withAction: boolean): string {
  const { html } = mjml2html(document(withAction), { validationLevel: "strict" });
  // MJML indents its output deeply and writes a tag's attributes on lines of their own; the indentation is
  // a third of the bytes and means nothing to a mail client. Only the document is trimmed, before any value
  // goes in: a tag on one line, the button's label flush with its link.
  const trimmed = html
    .replace(/^[ \t]+/gm, "")
    .replace(/\n{2,}/g, "\n")
    .replace(/<([a-z]+)\n/g, "<$1 ")
    .replace(/\n>/g, ">")
    .replace(/>\s*(\{\{lw:actionLabel\}\})\s*</, ">$1<");
  for (const name of slots) {
    const expected = withAction || !name.startsWith("action");
    if (trimmed.includes(slot(name)) !== expected) throw new Error(`Mail layout: slot ${name} misplaced`);
  }
  return trimmed;
}

const compiled = { withAction: compile(true), withoutAction: compile(false) };
const slotPattern = /\{\{lw:(\w+)\}\}/g;

/** One pass: the values (already HTML) go in and are never scanned again. */
const fill = (html: string, values: Record<Slot, string>) =>
  html.replace(slotPattern, (_, name: Slot) => values[name]);

const htmlParagraph = (p: string | LinkParagraph) =>
  typeof p === "string"
    ? escapeHtml(p)
    : `${escapeHtml(p.text)} <a href="${escapeHtml(p.link.url)}">${escapeHtml(p.link.label)}</a>.`;

function fieldRows(fields: Field[]): string {
  if (fields.length === 0) return "";
  // Stacked, label over value: two columns squeeze a long value into a sliver on a phone. A fixed table
  // layout lets a URL wrap instead of widening the column.
  const rows = fields
    .map(
      ([label, value, url]) =>
        `<tr><td class="muted" style="padding:10px 0 2px;font-size:13px;line-height:18px;color:${colour.muted};font-weight:bold;${wrap}">${url ? `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>` : escapeHtml(label)}</td></tr>` +
        `<tr><td style="padding:0 0 10px;border-bottom:1px solid ${colour.border};font-size:15px;line-height:22px;white-space:pre-wrap;${wrap}">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="table-layout:fixed;width:100%;border-collapse:collapse;margin:0 0 16px">${rows}</table>`;
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

// Enough invisible filler after the preheader that inboxes do not append the body's first words to it.
const filler = "&#847;&zwnj;&nbsp;".repeat(60);

export function composeHtml(content: MailContent): string {
  const action: Link | undefined = content.action;
  return fill(action ? compiled.withAction : compiled.withoutAction, {
    title: escapeHtml(content.subject),
    preheader: escapeHtml(content.preheader) + filler,
    heading: escapeHtml(content.heading),
    body:
      content.paragraphs.map((p) => `<p>${htmlParagraph(p)}</p>`).join("\n") +
      fieldRows(content.fields ?? []),
    footer: htmlFooter(content.footer),
    actionUrl: action ? escapeHtml(action.url) : "",
    actionLabel: action ? escapeHtml(action.label) : "",
  });
}

/**
 * Plain-text and HTML bodies from one description, with every user-supplied value escaped in the HTML.
 */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/**
 * A paragraph that ends in a link: "<text> <label>: <url>" in the plain text, and in the HTML the label is
 * the link ("<text> <a href=url>label</a>.").
 */
export interface LinkParagraph {
  text: string;
  link: { label: string; url: string };
}

export interface MailContent {
  heading: string;
  paragraphs: (string | LinkParagraph)[];
  /** Label/value rows, e.g. the fields of a submission. */
  fields?: [label: string, value: string][];
  action?: { label: string; url: string };
  footer: string;
}

const plainParagraph = (p: string | LinkParagraph) =>
  typeof p === "string" ? p : `${p.text} ${p.link.label}: ${p.link.url}`;

const htmlParagraph = (p: string | LinkParagraph) =>
  typeof p === "string"
    ? escapeHtml(p)
    : `${escapeHtml(p.text)} <a href="${escapeHtml(p.link.url)}">${escapeHtml(p.link.label)}</a>.`;

export function composeMail(content: MailContent): { text: string; html: string } {
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [plainParagraph(p), ""]),
    ...(content.fields ?? []).map(
      ([label, value]) => `${label}: ${value.includes("\n") ? "\n" + value : value}`,
    ),
    ...(content.action ? ["", `${content.action.label}: ${content.action.url}`] : []),
    "",
    "--",
    content.footer,
  ].join("\n");
  const fieldRows = (content.fields ?? [])
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;color:#475569">${escapeHtml(label)}</th>` +
        `<td style="padding:6px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p>${htmlParagraph(p)}</p>`).join("\n")}
${fieldRows ? `<table style="border-collapse:collapse">${fieldRows}</table>` : ""}
${content.action ? `<p><a href="${escapeHtml(content.action.url)}" style="background:#1e40af;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` : ""}
<p style="color:#475569;font-size:12px">${escapeHtml(content.footer)}</p>
</body></html>`;
  return { text, html };
}

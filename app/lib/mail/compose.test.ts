import { describe, expect, it } from "vitest";
import { composeMail, type MailContent } from "./compose";

const url = "https://leadworks.example/auth/reset?a=1&b=<2>";
const content: MailContent = {
  subject: "Hi <there>",
  preheader: "What the inbox shows",
  heading: "Hi",
  paragraphs: ["First.", { text: "If you forgot it,", link: { label: "choose a new one here", url } }],
  fields: [
    ["Note", "Line one\nline two"],
    ["Earl Jenkins", "Gary, IN", "https://leadworks.example/client/leads/7b21"],
  ],
  action: { label: "Open", url: "https://leadworks.example/x" },
  footer: {
    why: "You get this because you asked.",
    manage: { label: "Choose which e-mails you get", url: "https://leadworks.example/account#notifications" },
    unsubscribeUrl: "https://leadworks.example/unsubscribe?token=t",
  },
};
const mail = composeMail(content);

describe("composeMail: a paragraph that ends in a link", () => {
  it("keeps label and address in the plain text", () => {
    expect(mail.text).toContain(`First.\n\nIf you forgot it, choose a new one here: ${url}\n`);
  });

  it("makes the label the link in the HTML, with the address escaped", () => {
    expect(mail.html).toContain(
      '<p>If you forgot it, <a href="https://leadworks.example/auth/reset?a=1&amp;b=&lt;2&gt;">choose a new one here</a>.</p>',
    );
    expect(mail.html).toContain("<p>First.</p>");
  });
});

describe("composeMail: the layout (MJML)", () => {
  it("has a viewport, the subject as title, a hidden preheader and a 600 px column", () => {
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(mail.html).toContain("<title>Hi &lt;there&gt;</title>");
    expect(mail.html).toMatch(
      /<div style="display:none;[^"]*max-height:0px;[^"]*opacity:0;overflow:hidden;">What the inbox shows&#847;/,
    );
    expect(mail.html).toContain("max-width:600px");
    expect(mail.html).toMatch(/<!--\[if mso \| IE\]><table [^>]*width="600"/);
  });

  it("draws the button as a coloured table cell around the link, sized for Outlook too", () => {
    expect(mail.html).toMatch(
      /<td\s+align="center" bgcolor="#[0-9a-f]{6}" role="presentation" style="[^"]*mso-padding-alt:12px 22px;[^"]*"[^>]*>\s*<a\s+href="https:\/\/leadworks\.example\/x" style="display:inline-block;[^"]*padding:12px 22px;/,
    );
    expect(mail.html).toMatch(/>\s*Open\s*<\/a>/);
  });

  it("has no button when the message has no action", () => {
    const plain = composeMail({ ...content, action: undefined });
    expect(plain.html).not.toContain("mso-padding-alt:12px 22px");
    expect(plain.html).not.toContain("{{lw:");
  });

  it("wraps long values anywhere and keeps a field's line breaks", () => {
    expect(mail.html).toContain("overflow-wrap:anywhere");
    expect(mail.html).toMatch(/white-space:pre-wrap;[^"]*">Line one\nline two</);
  });

  it("says in the footer of both parts why it came and how to change it", () => {
    expect(mail.text).toMatch(
      /\n--\nLeadworks\nYou get this because you asked\.\nChoose which e-mails you get: https:\/\/leadworks\.example\/account#notifications\nUnsubscribe: https:\/\/leadworks\.example\/unsubscribe\?token=t$/,
    );
    expect(mail.html).toContain('<a href="https://leadworks.example/unsubscribe?token=t">Unsubscribe</a>');
  });

  it("sets a field of several lines apart in the plain text; one-line fields stay one a line", () => {
    expect(mail.text).toContain(
      "Note:\nLine one\nline two\n\nEarl Jenkins: Gary, IN\nhttps://leadworks.example/client/leads/7b21",
    );
  });

  it("links a field's label to its thing in the HTML and gives the address in the text", () => {
    expect(mail.text).toContain("Earl Jenkins: Gary, IN\nhttps://leadworks.example/client/leads/7b21");
    expect(mail.html).toContain('<a href="https://leadworks.example/client/leads/7b21">Earl Jenkins</a>');
  });

  it("offers a dark palette", () => {
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(mail.html).toContain("@media (prefers-color-scheme:dark)");
  });
});

describe("composeMail: what people typed", () => {
  const typed = `<script>alert("x")</script> & {{lw:body}} $& $1`;
  const hostile = composeMail({
    subject: typed,
    preheader: typed,
    heading: typed,
    paragraphs: [
      typed,
      { text: typed, link: { label: typed, url: `https://leadworks.example/?q=${typed}` } },
    ],
    fields: [[typed, typed, "https://leadworks.example/a?b=1&c=2"]],
    action: { label: typed, url: "https://leadworks.example/x?y=1&z=<2>" },
    footer: { why: typed, manage: { label: typed, url: "https://leadworks.example/account" } },
  });
  const escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; {{lw:body}} $&amp; $1";

  it("comes out escaped everywhere in the HTML, never as markup", () => {
    expect(hostile.html).not.toContain("<script");
    expect(hostile.html).not.toMatch(/ & /);
    // Subject (title and label), preheader, heading, two paragraphs, the link's text and address, the
    // field's label and value, the button, the footer's why and its link.
    expect(hostile.html.split(escaped).length - 1).toBe(13);
    expect(hostile.html).toContain('href="https://leadworks.example/x?y=1&amp;z=&lt;2&gt;"');
    expect(hostile.html).toContain('href="https://leadworks.example/a?b=1&amp;c=2"');
  });

  it("is filled in once: a value that looks like a slot or a replacement pattern stays text", () => {
    expect(hostile.html).toContain("{{lw:body}} $&amp; $1");
    expect(hostile.html).not.toContain("First.");
  });

  it("stays as typed in the plain text", () => {
    expect(hostile.text.startsWith(`${typed}\n\n${typed}\n\n`)).toBe(true);
  });
});

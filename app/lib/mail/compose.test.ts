import { describe, expect, it } from "vitest";
import { composeMail } from "./compose";

const url = "https://leadworks.example/auth/reset?a=1&b=<2>";
const mail = composeMail({
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
});

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

describe("composeMail: the layout", () => {
  it("has a viewport, the subject as title, a hidden preheader and a 600 px column", () => {
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(mail.html).toContain("<title>Hi &lt;there&gt;</title>");
    expect(mail.html).toMatch(/<div style="display:none;[^"]*mso-hide:all">What the inbox shows/);
    expect(mail.html).toContain("max-width:600px");
    expect(mail.html).toContain('<!--[if mso]><table role="presentation" width="600"');
  });

  it("draws the button as a coloured table cell around the link (Outlook)", () => {
    expect(mail.html).toMatch(
      /<td class="button" align="center" bgcolor="#[0-9a-f]{6}"[^>]*><a href="https:\/\/leadworks\.example\/x" class="button"[^>]*border-width:12px 22px/,
    );
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

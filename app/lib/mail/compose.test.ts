import { describe, expect, it } from "vitest";
import { composeMail } from "./compose";

describe("composeMail: a paragraph that ends in a link", () => {
  const url = "https://leadworks.example/auth/reset?a=1&b=<2>";
  const mail = composeMail({
    heading: "Hi",
    paragraphs: ["First.", { text: "If you forgot it,", link: { label: "choose a new one here", url } }],
    footer: "Leadworks",
  });

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

import { describe, expect, it } from "vitest";
import { acknowledgementMail, greeting, greetingName } from "./acknowledgement";

describe("greetingName", () => {
  it.each([
    ["Jane Investor", "Jane"],
    ["  Anne-Marie  Dubois", "Anne-Marie"],
    ["O'Neil", "O'Neil"],
    ["José", "José"],
    ["Zoë", "Zoë"],
  ])("greets %j as %j", (name, shown) => {
    expect(greetingName(name)).toBe(shown);
  });

  it.each([
    "http://spam.example/buy",
    "spam.example",
    "www.example.com Visit",
    "Cheap pills at http://spam.example",
    "Jane visit spam.example",
    "call+1-555-0100",
    "win@prizes.example",
    "Jane2",
    "Free: money",
    "Supercalifragilisticexpialidocious",
    "<b>Jane</b>",
    "",
    "   ",
  ])("stays generic for %j", (name) => {
    expect(greetingName(name)).toBeUndefined();
  });

  it("keeps the greeting generic when the name is not plain", () => {
    expect(greeting("Thanks for reaching out", "Jane Investor")).toBe("Thanks for reaching out, Jane");
    expect(greeting("Thanks for reaching out", "https://spam.example")).toBe("Thanks for reaching out");
  });
});

describe("acknowledgementMail", () => {
  it("carries our words and contact details, with replies to the contact address", () => {
    const mail = acknowledgementMail({
      to: "ann@example.com",
      subject: "We received your message",
      heading: "Thanks for reaching out",
      paragraphs: ["We received your message."],
      contactEmail: "hello@leadworks.example",
      siteUrl: "https://leadworks.example",
    });
    expect(mail).toMatchObject({
      to: "ann@example.com",
      subject: "We received your message",
      replyTo: "hello@leadworks.example",
    });
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("hello@leadworks.example");
      expect(body).toContain("https://leadworks.example");
      expect(body).toContain("you can ignore this e-mail");
    }
  });
});

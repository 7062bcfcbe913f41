/**
 * Each template's text, as its reader gets it (snapshots of the plain-text part and subject: a change of
 * wording shows up in review), and what every message must hold whatever its words: a title and preheader,
 * a footer that says why it came, the same links in both parts, the opt-out of a notification.
 */
import { describe, expect, it } from "vitest";
import { escapeHtml } from "../layout.server";
import { sampleMails, type SampleMail } from "./catalogue";
import { feedbackDigestMail } from "./feedback";

const site = {
  siteUrl: "https://leadworks.example",
  contactEmail: "hello@leadworks.example",
  notifyEmail: "team@leadworks.example",
  timeZone: "America/New_York",
};
/** A notification can be turned off: the client's lead and return mails, the admin's import reports. */
const notification = (sample: SampleMail) =>
  (sample.audience === "client" && sample.id !== "webhook-paused") || sample.audience === "admin";
const rendered = sampleMails.map((sample) => ({ sample, mail: sample.render(site) }));

describe.each(rendered)("$sample.id", ({ sample, mail }) => {
  it("reads as expected (subject and plain text)", () => {
    expect(`Subject: ${mail.subject}\n\n${mail.text}`).toMatchSnapshot();
  });

  it("has the subject as title, a preheader, a footer that says why", () => {
    expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
    expect(mail.html).toMatch(/<div style="display:none;[^>]*>[^<&]{10,}/);
    expect(mail.text).toMatch(/\n--\nLeadworks\nYou get this/);
  });

  it("carries every link to the site of the text part as a link in the HTML", () => {
    // Addresses someone typed (a webhook URL, a link in a message) stay text: we never make them links.
    const links = mail.text.match(/https:\/\/leadworks\.example\S*/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const url = link.replace(/[.,)]$/, "");
      // A link the text names in a sentence ("visit https://...") is the site's own address.
      if (url === site.siteUrl || mail.text.includes(`or visit ${url}`)) continue;
      expect(mail.html).toContain(`href="${escapeHtml(url)}"`);
    }
  });

  it(
    notification(sample)
      ? "offers one-click unsubscribe (RFC 8058) and the settings"
      : "has no unsubscribe: it is not a notification one can turn off",
    () => {
      const unsubscribe = mail.headers?.["List-Unsubscribe"];
      if (notification(sample)) {
        expect(unsubscribe).toMatch(/^<https:\/\/leadworks\.example\/unsubscribe\?token=.+>$/);
        expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
        expect(mail.text).toContain(
          "Choose which e-mails you get: https://leadworks.example/account#notifications",
        );
      } else {
        expect(unsubscribe).toBeUndefined();
      }
    },
  );
});

describe("one event, one message", () => {
  const byId = (id: string) => rendered.find((r) => r.sample.id === id)!.mail;

  it("one new lead links to that lead; many list each with its own link and count them", () => {
    const one = byId("new-lead");
    expect(one.subject).toBe("New lead: Dolores Van Der Berg-Martínez, San Antonio, TX");
    expect(one.text).toContain("we have assigned a new homeowner lead to you.");
    expect(one.text).toContain(
      "View the lead: https://leadworks.example/client/leads/3f0c7a52-9d1e-4b8a-a6f1-0c2d9e7b4a11",
    );

    const many = byId("new-leads");
    expect(many.subject).toBe("40 new leads assigned to you");
    expect(many.text).toContain("we have assigned 40 new homeowner leads to you.");
    expect(many.text).toContain("The first 3 are listed below; your portal lists all 40.");
    expect(many.text).toContain(
      "Earl Jenkins: Gary, IN · Townhouse · Warm\nhttps://leadworks.example/client/leads/7b21e0d4-5c3f-4e9a-8b6d-2f1a0c9e8d22",
    );
  });

  it("a rejected return says how to dispute it; an approved one where the replacement shows", () => {
    expect(byId("return-rejected").text).toContain("If you disagree, reply to this e-mail");
    expect(byId("return-approved").text).toContain(
      "your agreement: https://leadworks.example/client/agreement",
    );
  });

  it("the feedback digest: one entry reads in the singular, many are counted and the first listed", () => {
    const many = byId("feedback-digest");
    expect(many.subject).toBe("Client feedback digest: 31 updates");
    expect(many.text).toContain(
      "The first 3 are listed below; the lead list, recently updated first, has the rest.",
    );
    const one = feedbackDigestMail({
      to: "maria@leadworks.example",
      greetingName: "Maria",
      entries: [
        {
          leadId: "7b21e0d4-5c3f-4e9a-8b6d-2f1a0c9e8d22",
          leadName: "Earl Jenkins",
          city: "Gary",
          state: "IN",
          company: "Oak Street Buyers",
          status: "Contacted",
          notes: "",
          by: "ian@oakstreetbuyers.com",
          at: new Date("2026-11-30T15:00:00Z"),
        },
      ],
      since: new Date("2026-11-27T14:05:00Z"),
      timeZone: "America/Chicago",
      siteUrl: site.siteUrl,
    });
    expect(one.subject).toBe("Client feedback digest: 1 update");
    expect(one.text).toContain("since Friday, Nov 27, 8:05 AM Central Time: 1 update.");
    expect(one.text).toContain(
      "Oak Street Buyers: Contacted\nBy ian@oakstreetbuyers.com, Monday, Nov 30, 9:00 AM",
    );
    expect(one.text).not.toContain("Notes:");
    expect(one.text).not.toContain("The first");
    // Without an opt-out (never sent so, but the template holds): no unsubscribe header or link.
    expect(one.headers).toEqual({});
  });

  it("the staff's webhook notice replies to the client and links their webhook and client pages", () => {
    const notice = byId("webhook-paused-staff");
    expect(notice.replyTo).toBe("tom@tombuyshouses.com");
    expect(notice.text).toContain(
      "Open their webhook: https://leadworks.example/admin/webhooks/u8Kq2xNw5cTz",
    );
    expect(notice.html).toContain(
      '<a href="https://leadworks.example/admin/clients/u8Kq2xNw5cTz">Client</a>',
    );
  });

  it("the invitation says which address signs in and what to do after 7 days", () => {
    const text = byId("invitation").text;
    expect(text).toContain("You sign in with this address, ian@oakstreetbuyers.com.");
    expect(text).toContain(
      'After 7 days, ask for a new link: choose "Forgot your password?" on the sign-in page and enter this address.',
    );
  });

  it("the form receipts relay nothing the visitor wrote; the contact receipt's hours name the time zone", () => {
    const contact = byId("contact-receipt");
    expect(contact.text).toContain(
      "We received your message and a member of our team will reply within 24 hours (Monday to Friday, 9:00 AM to 6:00 PM Eastern Time).",
    );
    expect(contact.headers?.["Auto-Submitted"]).toBe("auto-replied");
  });
});

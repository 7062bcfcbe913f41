/**
 * Mail people trust (issue 27) on both databases: each kind of e-mail is caused the way the product causes
 * it, delivered from the outbox through the real SMTP transport to a local SMTP server, and read raw as it
 * arrived: Auto-Submitted (auto-generated, or auto-replied for a form's acknowledgement), Reply-To where a
 * person can answer, the plain-text and HTML parts and their links.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAgreements, contactSubmissions, leadImports, leadReturns, mailOutbox } from "~/db/schema";
import type { CareerInput } from "~/features/careers/careers.schema";
import { submitCareerApplication } from "~/features/careers/careers.server";
import { handleContactPost } from "~/features/contact/contact-action.server";
import { bulkLeadAction } from "~/features/leads/bulk.server";
import { assignLead } from "~/features/leads/lead-commands.server";
import { getImport, receiveImport, startImport } from "~/features/leads/import/imports.server";
import { claimJob, runJob } from "~/features/leads/import/job.server";
import { decideReturn, requestReturn } from "~/features/leads/returns/returns.server";
import { env } from "~/lib/env.server";
import type { FormReply } from "~/lib/form-reply";
import { deliverDueMail } from "~/lib/mail/outbox.server";
import { smtpTransport } from "~/lib/mail/transports.server";
import { permissionsOf } from "~/lib/permissions";
import { action as usersAction } from "~/routes/admin/users";
import { action as authAction } from "~/routes/auth/auth";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { testDatabases } from "../support/databases";
import { readReply } from "../support/form-reply";
import { signedInAccounts, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { deliverLeads } from "../support/lead-deliveries";
import { parseMail, type ParsedMail } from "../support/mail";
import { answer, call, formRequest } from "../support/route-calls";
import { startSmtpCatcher, type SmtpCatcher } from "../support/smtp-catcher";

const CONTACT = "hello@headers.test";
const STAFF = "staff@headers.test";
const SITE = "http://leadworks.test";
// A zone other than the default, so the receipt's hours show the configured one.
stubAuthEnv({
  CONTACT_EMAIL: CONTACT,
  NOTIFY_EMAIL: STAFF,
  IP_RATE_LIMITS: "off",
  AGENCY_TIME_ZONE: "America/Chicago",
});

const PASSWORD = "Harbor-Light-42";
const accounts = {
  Admin: { role: "admin" as const },
  Tom: { role: "client" as const, companyName: "Tom Buys Houses" },
};

interface Arrived extends ParsedMail {
  to: string;
  subject: string;
}

/** What a message says it is, by the header fields this issue is about. */
const marks = (mail: Arrived) => ({
  autoSubmitted: mail.headers["auto-submitted"],
  suppress: mail.headers["x-auto-response-suppress"],
  replyTo: mail.headers["reply-to"],
});
const generated = (replyTo?: string) => ({
  autoSubmitted: "auto-generated",
  suppress: "OOF, AutoReply",
  replyTo,
});
const replied = { autoSubmitted: "auto-replied", suppress: "OOF, AutoReply", replyTo: CONTACT };

/** The link both parts carry: as "url" in the text and as an <a href> in the HTML. */
function expectLinkInBothParts(mail: Arrived, url: string) {
  expect(mail.text).toContain(url);
  expect(mail.html).toContain(`<a href="${url.replaceAll("&", "&amp;")}"`);
}

describe.each(testDatabases)("mail as it leaves over SMTP on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const { ids, cookies } = signedInAccounts(database, accounts, PASSWORD);
  const admin = () => ({ id: ids.Admin, permissions: permissionsOf(["admin"]) });
  const tom = () => ({ id: ids.Tom, permissions: permissionsOf(["client"]) });
  let catcher: SmtpCatcher;

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    await database.db.insert(clientAgreements).values({
      clientId: ids.Tom,
      version: 1,
      leadsPerMonth: 50,
      startsOn: "2020-01-01",
      pricePerLead: 40,
      returnWindowDays: 7,
      returnCapPercent: 100,
    });
  });
  afterAll(() => catcher.stop());
  beforeEach(async () => {
    await database.db.delete(mailOutbox);
    catcher.received.length = 0;
  });

  /** Sends what waits in the outbox through SMTP and returns every message as it arrived. */
  async function delivered(): Promise<Arrived[]> {
    const waiting = (await database.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    expect(await deliverDueMail(database.db, smtpTransport(catcher.url), env().MAIL_FROM, 50)).toBe(waiting);
    return catcher.received.map((mail) => ({ to: mail.to, subject: mail.subject, ...parseMail(mail.raw) }));
  }
  /** The one message to `to` with `subject`. */
  const only = (mails: Arrived[], to: string, subject: string) => {
    const found = mails.filter((mail) => mail.to === to && mail.subject === subject);
    expect(
      found,
      `${subject} to ${to}; got ${mails.map((m) => `${m.to}: ${m.subject}`).join("; ")}`,
    ).toHaveLength(1);
    return found[0]!;
  };

  it("sends a message written earlier in the same millisecond as the claim", async () => {
    // A Date holds whole milliseconds, the database's clock microseconds: the message's time lies half a
    // millisecond into the claim's millisecond, as when a fast machine enqueues and claims within one.
    const now = new Date();
    await database.db.insert(mailOutbox).values({
      toAddress: "same-ms@example.test",
      subject: "Written just now",
      textBody: "Hello",
      htmlBody: "<p>Hello</p>",
      nextAttemptAt: sql`${now.toISOString()}::timestamptz + interval '500 microseconds'`,
    });
    vi.useFakeTimers({ toFake: ["Date"], now });
    try {
      expect(await deliverDueMail(database.db, smtpTransport(catcher.url), env().MAIL_FROM)).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect(catcher.received.map((mail) => mail.subject)).toEqual(["Written just now"]);
  });

  it("contact form: the staff notice replies to the writer; the writer's receipt is an automatic reply", async () => {
    const body = new URLSearchParams({
      name: "Jane Investor",
      email: "jane@example.com",
      company: "Oak Street Buyers",
      subject: "Leads in Dallas",
      message: "We want 200 leads a month in Dallas County.",
    });
    const result = await handleContactPost(new Request(`${SITE}/contact/x`, { method: "POST", body }), {});
    expect(readReply((result as { data: FormReply }).data).ok).toBe(true);

    const mails = await delivered();
    expect(mails).toHaveLength(2);
    const staff = only(mails, STAFF, "New contact message: Leads in Dallas");
    expect(marks(staff)).toEqual(generated("jane@example.com"));
    expect(staff.text).toContain("Subject: Leads in Dallas");
    expectLinkInBothParts(staff, `${SITE}/admin`);

    const receipt = only(mails, "jane@example.com", "We received your message");
    expect(marks(receipt)).toEqual(replied);
    for (const part of [receipt.text, receipt.html]) {
      expect(part).toContain("Thanks for reaching out, Jane");
      expect(part).toContain(
        "We received your message and a member of our team will reply within 24 hours (Monday to Friday, 9:00 AM to 6:00 PM Central Time).",
      );
      // Nothing the visitor wrote is relayed to the address they typed.
      expect(part).not.toContain("Dallas");
    }
  });

  it("contact form: a subject with a line break is refused (400) before anything is stored or sent", async () => {
    const before = (await database.db.select({ id: contactSubmissions.id }).from(contactSubmissions)).length;
    const body = new URLSearchParams({
      name: "Mallory",
      email: "mallory@example.com",
      subject: "Hello\r\nBcc: victim@example.com",
      message: "Hi",
    });
    const result = await handleContactPost(new Request(`${SITE}/contact/x`, { method: "POST", body }), {});
    expect((result as { init?: { status?: number } }).init?.status).toBe(400);
    expect(readReply((result as { data: FormReply }).data)).toMatchObject({
      ok: false,
      toast: { title: "Validation Error" },
      fieldErrors: { subject: "Subject must be on one line" },
    });
    expect(await database.db.select({ id: contactSubmissions.id }).from(contactSubmissions)).toHaveLength(
      before,
    );
    expect(await delivered()).toEqual([]);
  });

  it("career form: the staff notice replies to the applicant; the applicant's receipt is an automatic reply", async () => {
    const application: CareerInput = {
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.com",
      phone: "555-123-4567",
      positionInterest: "cold-calling",
      experienceLevel: "4-5",
      coverLetter: "I have five years of acquisitions experience and enjoy working the phones every day.",
    };
    expect(await submitCareerApplication(application, undefined, { ip: "203.0.113.9" })).toMatchObject({
      status: "sent",
    });
    const mails = await delivered();
    expect(mails).toHaveLength(2);
    const staff = mails.find((mail) => mail.to === STAFF)!;
    expect(staff.subject).toMatch(/^New application: Ann Lee, /);
    expect(marks(staff)).toEqual(generated("ann@example.com"));
    const receipt = only(mails, "ann@example.com", "We received your application");
    expect(marks(receipt)).toEqual(replied);
    expect(receipt.text).toContain("Thank you for applying, Ann");
  });

  it("account mails (confirmation, account exists, reset, invitation) are auto-generated, with working links", async () => {
    const email = `maya-${testDb.name}@example.com`;
    const signUp = { intent: "sign-up", email, password: PASSWORD, firstName: "Maya", lastName: "Rivers" };
    answer(await call(authAction, formRequest("/auth", signUp)));
    answer(await call(authAction, formRequest("/auth", signUp)));
    answer(await call(forgotAction, formRequest("/auth/forgot-password", { email: "tom@example.com" })));
    const invited = `invitee-${testDb.name}@example.com`;
    const invite = { intent: "invite", email: invited, companyName: "Oak Street Buyers", firstName: "Ian" };
    expect(
      answer(await call(usersAction, formRequest("/admin/users", invite, { cookie: cookies.Admin }))).status,
    ).toBe(200);

    const mails = await delivered();
    expect(mails).toHaveLength(4);

    const confirmation = only(mails, email, "Confirm your Leadworks account");
    expect(marks(confirmation)).toEqual(generated());
    const confirmLink = /http:\/\/leadworks\.test\/auth\/verify-email\?\S+/.exec(confirmation.text)![0];
    expectLinkInBothParts(confirmation, confirmLink);

    // The reset address was plain text in the HTML part: it is a link now, the text part unchanged.
    const exists = only(mails, email, "Your Leadworks account");
    expect(marks(exists)).toEqual(generated());
    expect(exists.text).toContain(
      `If it was you, sign in with your password. If you forgot it, choose a new one here: ${SITE}/auth/forgot-password`,
    );
    expect(exists.html).toContain(
      `If it was you, sign in with your password. If you forgot it, <a href="${SITE}/auth/forgot-password">choose a new one here</a>.`,
    );
    expectLinkInBothParts(exists, `${SITE}/auth`);

    const reset = only(mails, "tom@example.com", "Reset your Leadworks password");
    expect(marks(reset)).toEqual(generated());
    expectLinkInBothParts(reset, /http:\/\/leadworks\.test\/auth\/reset-password\?\S+/.exec(reset.text)![0]);

    const invitation = only(mails, invited, "Your Leadworks client portal account");
    expect(marks(invitation)).toEqual(generated());
    const inviteLink = /http:\/\/leadworks\.test\/auth\/reset-password\?\S+invite=1/.exec(
      invitation.text,
    )![0];
    expectLinkInBothParts(invitation, inviteLink);
    // Which address signs in, and what to do once the link has run out.
    const signsIn = `You sign in with this address, ${invited}. The link works once and expires in 7 days.`;
    const advice = (quote: string) =>
      `After 7 days, ask for a new link: choose ${quote}Forgot your password?${quote} on the sign-in page and enter this address.`;
    expect(invitation.text).toContain(signsIn);
    expect(invitation.text).toContain(advice('"'));
    expect(invitation.html).toContain(signsIn);
    expect(invitation.html).toContain(advice("&quot;"));
    // That advice works: an invited person who never set a password gets a reset link.
    await database.db.delete(mailOutbox);
    catcher.received.length = 0;
    answer(await call(forgotAction, formRequest("/auth/forgot-password", { email: invited })));
    const [renewed] = await delivered();
    expect(renewed).toMatchObject({ to: invited, subject: "Reset your Leadworks password" });
  });

  it("lead assignment, single and digest: auto-generated, answers go to the agency's contact address", async () => {
    const [single] = await deliverLeads(database.db, null, 1);
    expect(await assignLead(admin(), single!, ids.Tom)).toBe(true);
    const batch = await deliverLeads(database.db, null, 3);
    await bulkLeadAction(admin(), { ids: batch }, { kind: "assign", clientId: ids.Tom });

    const mails = await delivered();
    expect(mails).toHaveLength(2);
    const one = mails.find((mail) => mail.subject.startsWith("New lead: "))!;
    expect(one.to).toBe("tom@example.com");
    expect(marks(one)).toEqual(generated(CONTACT));
    expect(one.text).toContain("Hello Tom, we have assigned a new homeowner lead to you.");
    expectLinkInBothParts(one, `${SITE}/client/leads/${single}`);

    const digest = only(mails, "tom@example.com", "3 new leads assigned to you");
    expect(marks(digest)).toEqual(generated(CONTACT));
    expect(digest.html).toContain("Hello Tom, we have assigned 3 new homeowner leads to you.");
    expectLinkInBothParts(digest, `${SITE}/client/leads`);
  });

  it("returns: the staff notice replies to the client who asked; each decision reads as one sentence", async () => {
    const [kept, sent] = await deliverLeads(database.db, ids.Tom, 2);
    expect(await requestReturn(tom(), kept!, { reason: "wrong_number", note: "Disconnected" })).toEqual({
      ok: true,
    });
    expect(await requestReturn(tom(), sent!, { reason: "wrong_number", note: "" })).toEqual({ ok: true });
    const returnOf = async (leadId: string) =>
      (await database.db.select().from(leadReturns).where(eq(leadReturns.leadId, leadId)))[0]!.id;
    const approve = { returnId: await returnOf(sent!), decision: "approve" as const, decisionNote: "" };
    const reject = {
      returnId: await returnOf(kept!),
      decision: "reject" as const,
      decisionNote: "The number rang through on our test call.",
    };
    expect(await decideReturn(admin(), approve)).toEqual({ ok: true });
    expect(await decideReturn(admin(), reject)).toEqual({ ok: true });

    const mails = await delivered();
    expect(mails).toHaveLength(6);
    const receipts = mails.filter((mail) => mail.subject.startsWith("Return received: "));
    expect(receipts).toHaveLength(2);
    for (const receipt of receipts) {
      expect(receipt.to).toBe("tom@example.com");
      expect(marks(receipt)).toEqual(generated(CONTACT));
      expect(receipt.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      expect(receipt.text).toMatch(
        /^Hello Tom, we received your request to return Seller No\d+ \(Chicago, IL\)\.$/m,
      );
      expect(receipt.text).toContain("Reason: Wrong or disconnected number");
    }
    expectLinkInBothParts(
      receipts.find((receipt) => receipt.text.includes("Your note: Disconnected"))!,
      `${SITE}/client/leads/${kept}`,
    );
    const notices = mails.filter((mail) => mail.to === STAFF);
    expect(notices).toHaveLength(2);
    for (const notice of notices) {
      expect(notice.subject).toMatch(/^Return requested: Seller No\d+ by Tom Buys Houses$/);
      expect(marks(notice)).toEqual(generated("tom@example.com"));
      expectLinkInBothParts(notice, `${SITE}/admin/returns`);
    }

    const approved = mails.find((mail) => mail.subject.startsWith("Return approved: "))!;
    expect(marks(approved)).toEqual(generated(CONTACT));
    for (const part of [approved.text, approved.html]) {
      expect(part).toMatch(
        /Hello Tom, we accepted the return of Seller No\d+ \(Chicago, IL\)\. It no longer counts as delivered, and we owe you a replacement lead\./,
      );
    }
    expect(approved.text).not.toMatch(/^Hello Tom,$/m);
    expectLinkInBothParts(approved, `${SITE}/client/leads/${sent}`);

    const rejected = mails.find((mail) => mail.subject.startsWith("Return not accepted: "))!;
    expect(marks(rejected)).toEqual(generated(CONTACT));
    expect(rejected.text).toMatch(
      /Hello Tom, we reviewed your return of Seller No\d+ \(Chicago, IL\) and could not accept it\.\n\nWhy: The number rang through on our test call\./,
    );
    expect(rejected.html).toContain("<p>Why: The number rang through on our test call.</p>");
    expectLinkInBothParts(rejected, `${SITE}/client/leads/${kept}`);
  });

  it("imports: the admin who started one hears when it ends and when it fails, with a link to it", async () => {
    const upload = async (name: string, text: string) => {
      const id = await receiveImport(
        admin(),
        (async function* () {
          yield new TextEncoder().encode(text);
        })(),
        name,
      );
      expect(await startImport(admin(), id, (await getImport(admin(), id))!.settings!)).toBe(true);
      return id;
    };
    const header = "First Name,Last Name,Phone,Address,City,State,Zip";
    const good = await upload(
      "Harris County absentee owners.csv",
      `${header}\nAna,Reyes,(713) 555-0101,12 Elm St,Houston,TX,77002\nBo,Tran,7135550102,,Houston,TX,77002\n`,
    );
    for (let job = await claimJob(database.db, "w"); job; job = await claimJob(database.db, "w")) {
      await runJob(database.db, job, "w");
    }
    // An import that keeps failing (the database went away each time) is stopped after its attempts.
    const broken = await upload("broken.csv", `${header}\nCy,Lo,7135550103,3 Oak St,Houston,TX,77002\n`);
    await database.db
      .update(leadImports)
      .set({ attempts: 9, error: "Connection terminated unexpectedly" })
      .where(eq(leadImports.id, broken));
    for (let job = await claimJob(database.db, "w"); job; job = await claimJob(database.db, "w")) {
      await runJob(database.db, job, "w");
    }

    const mails = await delivered();
    const finished = only(mails, "admin@example.com", "Import finished: Harris County absentee owners.csv");
    expect(marks(finished)).toEqual(generated());
    expect(finished.headers["list-unsubscribe"]).toMatch(/^<http:\/\/leadworks\.test\/unsubscribe\?token=/);
    expect(finished.text).toContain(
      "Hello Admin, the import of Harris County absentee owners.csv is finished: 1 lead imported, 1 row refused.",
    );
    expectLinkInBothParts(finished, `${SITE}/admin/leads/import/${good}`);

    const failed = only(mails, "admin@example.com", "Import failed: broken.csv");
    expect(failed.text).toContain(
      "Why it stopped: Stopped after 5 attempts: Connection terminated unexpectedly",
    );
    expect(failed.text).toContain("The leads imported before it stopped are kept.");
    expectLinkInBothParts(failed, `${SITE}/admin/leads/import/${broken}`);
  });
});

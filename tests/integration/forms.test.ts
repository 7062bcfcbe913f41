/**
 * The public forms against real databases: exact rate limits under concurrency, all-or-nothing
 * submissions, and e-mail delivery through a real SMTP server that refuses before it accepts.
 */
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { installDatabase } from "~/db/db.server";
import { careerApplications, contactSubmissions, mailOutbox, rateLimitHits, storedFiles } from "~/db/schema";
import { handleCareerPost } from "~/features/careers/career-action.server";
import type { CareerInput } from "~/features/careers/careers.schema";
import { submitCareerApplication } from "~/features/careers/careers.server";
import { handleContactPost } from "~/features/contact/contact-action.server";
import { submitContactMessage } from "~/features/contact/contact.server";
import { deliverDueMail } from "~/lib/mail/outbox.server";
import { smtpTransport } from "~/lib/mail/transports.server";
import { SubmissionStepError } from "~/lib/submission-errors";
import type { FormReply } from "~/lib/form-reply";
import { testDatabases } from "../support/databases";
import { readReply } from "../support/form-reply";
import { useTestDatabase } from "../support/integration-fixtures";

process.env.IP_RATE_LIMITS = "off";

const contact = (email: string) => ({
  name: "Jane Investor",
  email,
  company: "Oak Street Buyers",
  subject: "Leads in Dallas",
  message: "We want 200 leads a month in Dallas County.",
});

const application = (email: string): CareerInput => ({
  firstName: "Ann",
  lastName: "Lee",
  email,
  phone: "555-123-4567",
  positionInterest: "cold-calling",
  experienceLevel: "4-5",
  coverLetter: "I have five years of acquisitions experience and enjoy working the phones every day.",
});

const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** The value of a data() result from an action. */
const payload = (result: unknown) => readReply((result as { data: FormReply }).data);
const status = (result: unknown) => (result as { init?: { status?: number } }).init?.status ?? 200;

function multipartRequest(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (file) form.set("resume", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return new Request("http://localhost/careers/real-estate-lead-generation-jobs", {
    method: "POST",
    body: form,
  });
}

describe.each(testDatabases)("public forms on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const count = async (
    table:
      | typeof contactSubmissions
      | typeof careerApplications
      | typeof storedFiles
      | typeof mailOutbox
      | typeof rateLimitHits,
  ) => (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  beforeEach(async () => {
    installDatabase(database.handle);
    for (const table of [
      "career_applications",
      "contact_submissions",
      "stored_files",
      "mail_outbox",
      "rate_limit_hits",
    ]) {
      await database.db.execute(sql.raw(`delete from ${table}`));
    }
  });

  it("lets exactly 3 of 20 parallel contact messages from one e-mail through", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        submitContactMessage(contact("flood@example.com"), { ip: "198.51.100.7" }),
      ),
    );
    expect(results.filter((r) => r.status === "sent")).toHaveLength(3);
    expect(results.filter((r) => r.status === "rate-limited")).toHaveLength(17);
    expect(await count(contactSubmissions)).toBe(3);
    expect(await count(mailOutbox)).toBe(6); // staff notice + acknowledgement for each
  });

  it("counts the limit per e-mail case-insensitively and leaves other senders alone", async () => {
    for (const email of ["Case@Example.com", "case@example.com", "CASE@example.com"]) {
      expect((await submitContactMessage(contact(email), { ip: "x" })).status).toBe("sent");
    }
    expect((await submitContactMessage(contact("case@EXAMPLE.com"), { ip: "x" })).status).toBe(
      "rate-limited",
    );
    expect((await submitContactMessage(contact("other@example.com"), { ip: "x" })).status).toBe("sent");
  });

  /** The outbox rows of one submission: the staff notice and the acknowledgement to `sender`. */
  async function mailsFor(sender: string) {
    const rows = await database.db.select().from(mailOutbox);
    const ack = rows.find((m) => m.toAddress === sender);
    const staff = rows.find((m) => m.toAddress === "team@leadworks.example" && m.replyTo === sender);
    expect(ack, "acknowledgement").toBeDefined();
    expect(staff, "staff notice").toBeDefined();
    return { ack: ack!, staff: staff! };
  }

  it("acknowledges a contact message without repeating what the sender wrote; the staff notice keeps it all", async () => {
    const spam = {
      name: "Cheap pills at http://spam.example",
      email: "victim@example.com",
      company: "Spam Co",
      subject: "BUY NOW at spam dot example",
      message: "Visit http://spam.example/offer for free money, click here today!",
    };
    expect((await submitContactMessage(spam, { ip: "x" })).status).toBe("sent");
    const { ack, staff } = await mailsFor(spam.email);
    expect(ack.subject).toBe("We received your message");
    expect(ack.replyTo).toBe("hello@leadworks.example");
    for (const body of [ack.textBody, ack.htmlBody]) {
      for (const typed of [spam.subject, spam.message, "spam.example", "Cheap", "Spam Co", "free money"]) {
        expect(body).not.toContain(typed);
      }
      expect(body).toContain("Thanks for reaching out");
      expect(body).toContain("within 24 hours");
      expect(body).toContain("hello@leadworks.example");
    }
    for (const typed of [spam.name, spam.email, spam.company, spam.subject, spam.message]) {
      expect(staff.textBody).toContain(typed);
    }
    expect(staff.subject).toBe(`New contact message: ${spam.subject}`);

    // A plain name is greeted by its first word only.
    await submitContactMessage(contact("jane@example.com"), { ip: "x" });
    const plain = await mailsFor("jane@example.com");
    expect(plain.ack.textBody).toMatch(/^Thanks for reaching out, Jane\n/);
    expect(plain.ack.textBody).not.toContain("Investor");
    expect(plain.ack.textBody).not.toContain("Dallas");
  });

  it("acknowledges an application without its cover letter; the staff notice keeps it", async () => {
    const input = {
      ...application("applicant@example.com"),
      firstName: "www.spam.example",
      coverLetter: "Buy followers at http://spam.example/followers, the best offer on the whole internet!",
    };
    expect((await submitCareerApplication(input, undefined, { ip: "x" })).status).toBe("sent");
    const { ack, staff } = await mailsFor(input.email);
    expect(ack.subject).toBe("We received your application");
    for (const body of [ack.textBody, ack.htmlBody]) {
      expect(body).not.toContain("spam.example");
      expect(body).not.toContain("followers");
      expect(body).toContain("Thank you for applying");
      expect(body).toContain("Cold Calling Specialist");
      expect(body).toContain("hello@leadworks.example");
    }
    expect(staff.textBody).toContain(input.coverLetter);
    expect(staff.textBody).toContain("www.spam.example Lee");
  });

  it("lets exactly 2 of 20 parallel job applications from one e-mail through", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        submitCareerApplication(application("eager@example.com"), undefined, { ip: "x" }),
      ),
    );
    expect(results.filter((r) => r.status === "sent")).toHaveLength(2);
    expect(await count(careerApplications)).toBe(2);
  });

  it("a failed application insert leaves no stored file, no e-mail and no rate-limit hit", async () => {
    // Outside the position enumeration on purpose (the form would refuse it): the insert itself fails.
    const positionInterest = "astronaut" as CareerInput["positionInterest"];
    const broken = { ...application("broken@example.com"), positionInterest };
    await expect(
      submitCareerApplication(broken, { originalName: "cv.pdf", kind: "pdf", bytes: pdf }, { ip: "x" }),
    ).rejects.toBeInstanceOf(SubmissionStepError);
    expect(await count(storedFiles)).toBe(0);
    expect(await count(careerApplications)).toBe(0);
    expect(await count(mailOutbox)).toBe(0);
    expect(await count(rateLimitHits)).toBe(0);
  });

  it("stores the resume with the application and attaches it to the staff e-mail", async () => {
    const result = await handleCareerPost(
      multipartRequest({ ...application("with-cv@example.com") } as unknown as Record<string, string>, {
        name: "My CV.pdf",
        bytes: pdf,
        type: "application/pdf",
      }),
      { clientIp: "203.0.113.9" },
    );
    expect(payload(result)).toMatchObject({ ok: true, toast: { title: "Application Submitted!" } });
    const [file] = await database.db.select().from(storedFiles);
    expect(file).toMatchObject({
      fileName: "My CV.pdf",
      contentType: "application/pdf",
      sizeBytes: pdf.length,
    });
    expect(Buffer.from(file!.data!).equals(pdf)).toBe(true);
    const mails = await database.db.select().from(mailOutbox);
    expect(mails.find((m) => m.toAddress === "team@leadworks.example")?.attachments).toEqual([
      { fileId: file!.id, fileName: "My CV.pdf", contentType: "application/pdf" },
    ]);
  });

  it("a .pdf whose bytes are not a PDF is refused and leaves no application", async () => {
    const result = await handleCareerPost(
      multipartRequest({ ...application("fake@example.com") } as unknown as Record<string, string>, {
        name: "resume.pdf",
        bytes: Buffer.from("this is plain text pretending to be a pdf"),
        type: "application/pdf",
      }),
      {},
    );
    expect(status(result)).toBe(400);
    expect(payload(result)).toMatchObject({
      ok: false,
      toast: { title: "Upload Error", text: "Only PDF and Word documents are allowed" },
      fieldErrors: { resume: "Only PDF and Word documents are allowed" },
    });
    expect(await count(careerApplications)).toBe(0);
    expect(await count(storedFiles)).toBe(0);
  });

  it("answers invalid contact input with 400 and the spec's messages under each field", async () => {
    const body = new URLSearchParams({ name: " ", email: "not-an-email", subject: "Hi", message: "" });
    const result = await handleContactPost(
      new Request("http://localhost/contact/real-estate-lead-generation-services", { method: "POST", body }),
      {},
    );
    expect(status(result)).toBe(400);
    expect(payload(result)).toMatchObject({
      ok: false,
      toast: { title: "Validation Error", text: "Please check the form for errors." },
      fieldErrors: {
        name: "Name is required",
        email: "Invalid email address",
        message: "Message is required",
      },
    });
    expect(await count(contactSubmissions)).toBe(0);
  });

  it("answers over-long contact values with 400 and the spec's messages, keeping them whole and storing nothing", async () => {
    const tooLong = {
      name: "n".repeat(101),
      email: `${"a".repeat(244)}@example.com`,
      company: "c".repeat(101),
      subject: "s".repeat(201),
      message: "m".repeat(2500),
    };
    const before = { submissions: await count(contactSubmissions), mails: await count(mailOutbox) };
    const result = await handleContactPost(
      new Request("http://localhost/contact/real-estate-lead-generation-services", {
        method: "POST",
        body: new URLSearchParams(tooLong),
      }),
      {},
    );
    expect(status(result)).toBe(400);
    expect(payload(result)).toMatchObject({
      ok: false,
      toast: { title: "Validation Error", text: "Please check the form for errors." },
      fieldErrors: {
        name: "Name must be less than 100 characters",
        email: "Email must be less than 255 characters",
        company: "Company name must be less than 100 characters",
        subject: "Subject must be less than 200 characters",
        message: "Message must be less than 2000 characters",
      },
      values: tooLong,
    });
    expect({ submissions: await count(contactSubmissions), mails: await count(mailOutbox) }).toEqual(before);
  });

  it("answers over-long application values with 400 and the spec's messages, storing nothing", async () => {
    const before = { applications: await count(careerApplications), mails: await count(mailOutbox) };
    const result = await handleCareerPost(
      multipartRequest({
        ...application("long@example.com"),
        firstName: "f".repeat(51),
        lastName: "l".repeat(51),
        phone: "+1 (555) 123-4567 890",
        coverLetter: "c".repeat(3001),
      } as unknown as Record<string, string>),
      {},
    );
    expect(status(result)).toBe(400);
    expect(payload(result).fieldErrors).toEqual({
      firstName: "First name must be less than 50 characters",
      lastName: "Last name must be less than 50 characters",
      phone: "Phone number must be less than 20 characters",
      coverLetter: "Cover letter must be less than 3000 characters",
    });
    expect({ applications: await count(careerApplications), mails: await count(mailOutbox) }).toEqual(before);
  });

  it("the fourth message within the hour gets the 'Too Many Submissions' toast", async () => {
    const post = () =>
      handleContactPost(
        new Request("http://localhost/contact/real-estate-lead-generation-services", {
          method: "POST",
          body: new URLSearchParams(contact("limit@example.com")),
        }),
        {},
      );
    for (let i = 0; i < 3; i++) expect(payload(await post()).toast.title).toBe("Message Sent!");
    const fourth = await post();
    expect(status(fourth)).toBe(429);
    expect(payload(fourth).toast).toEqual({
      kind: "error",
      title: "Too Many Submissions",
      text: "You've exceeded the submission limit. Please try again in an hour.",
    });
  });

  it("a honeypot submission looks successful and stores nothing", async () => {
    const body = new URLSearchParams({ ...contact("bot@example.com"), website: "http://spam.example" });
    const result = await handleContactPost(
      new Request("http://localhost/contact/x", { method: "POST", body }),
      {},
    );
    expect(payload(result).ok).toBe(true);
    expect(await count(contactSubmissions)).toBe(0);
  });

  it("delivers every e-mail exactly once through an SMTP server that refuses, then accepts", async () => {
    const received: string[] = [];
    let refusalsLeft = 3;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["AUTH", "STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
        stream.on("end", () => {
          if (refusalsLeft > 0) {
            refusalsLeft--;
            const error = new Error("Mailbox temporarily unavailable") as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          received.push(/^Subject: (.*)$/m.exec(raw)?.[1] ?? "");
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = (smtp.server.address() as { port: number }).port;
    try {
      await submitContactMessage(contact("smtp-1@example.com"), { ip: "x" });
      await submitContactMessage(contact("smtp-2@example.com"), { ip: "x" });
      const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
      let sent = 0;
      for (let pass = 0; pass < 6 && sent < 4; pass++) {
        sent += await deliverDueMail(database.db, transport, "Leadworks <no-reply@leadworks.example>");
        // Time passes: retries become due (the worker waits 5 s, 10 s, ... between attempts).
        await database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
      }
      expect(sent).toBe(4);
      expect(received.sort()).toEqual(
        [
          "New contact message: Leads in Dallas",
          "New contact message: Leads in Dallas",
          "We received your message",
          "We received your message",
        ].sort(),
      );
      const rows = await queryRows<{ status: string; attempts: number }>(
        database.db,
        sql`select status, attempts from mail_outbox`,
      );
      expect(rows.every((r) => r.status === "sent")).toBe(true);
      expect(rows.reduce((sum, r) => sum + r.attempts, 0)).toBe(4 + 3); // 3 refused attempts were retried
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { captureLog } from "~/lib/log.server";
import { LEASE_MS, SEND_BUDGET_MS } from "./outbox.server";
import { fileTransport, redactedRecipient, SMTP_TIMEOUTS } from "./transports.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "lw-mail-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const link = "http://localhost:3000/auth/reset-password?token=secret-token-123";
const mail = {
  messageId: "<0b7f3c1e-1111-4222-8333-444455556666@leadworks.example>",
  from: "Leadworks <no-reply@leadworks.example>",
  to: "maya.rivers@example.com",
  subject: "Reset your Leadworks password",
  text: `Choose a new password: ${link}`,
  html: `<a href="${link}">Choose</a>`,
  replyTo: "hello@leadworks.example",
  attachments: [],
  headers: { "Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "OOF, AutoReply" },
};

/** The messages logged while `fn` runs, one per line, and the raw lines. */
async function logged(fn: () => Promise<void>): Promise<string> {
  const capture = captureLog();
  try {
    await fn();
  } finally {
    capture.stop();
  }
  return capture.raw();
}
const messages = async (fn: () => Promise<void>) =>
  (await logged(fn))
    .trim()
    .split("\n")
    .map((line) => (JSON.parse(line) as { msg: string }).msg)
    .join("\n");

describe("fileTransport", () => {
  it("writes a private .eml file in a private folder and logs one line without the link or mailbox", async () => {
    const dir = path.join(root, "default", "mail");
    const output = await logged(() => fileTransport(dir)(mail));
    const message = (JSON.parse(output) as { msg: string }).msg;
    const [name] = fs.readdirSync(dir);
    const file = path.join(dir, name!);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8")).toContain("secret-token-123");
    // The outbox row's id names the message, so a copy sent twice is recognisable.
    expect(fs.readFileSync(file, "utf8")).toContain(`Message-ID: ${mail.messageId}`);
    // The outbox row's headers are written as they are, like SMTP sends them.
    expect(fs.readFileSync(file, "utf8")).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(fs.readFileSync(file, "utf8")).toMatch(/^X-Auto-Response-Suppress: OOF, AutoReply$/m);
    expect(fs.readFileSync(file, "utf8")).toMatch(/^Reply-To: hello@leadworks\.example$/m);
    expect(message).toBe(`[mail] wrote ${file} to *@example.com`);
    expect(output).not.toContain("token");
    expect(output).not.toContain("maya.rivers");
  });

  it("logs the links only when asked to (LOG_MAIL_LINKS=on)", async () => {
    const dir = path.join(root, "links");
    const output = await logged(() => fileTransport(dir, { logLinks: true })(mail));
    expect((JSON.parse(output) as { links: string[] }).links).toEqual([link]);
    expect(await messages(() => fileTransport(dir, { logLinks: true })(mail))).toMatch(
      /^\[mail\] to maya\.rivers@example\.com: "Reset your Leadworks password" written to /,
    );
  });
});

describe("smtpTransport", () => {
  it("gives up on a silent mail server before the e-mail's lease could pass to another worker", () => {
    const { connectionTimeout, greetingTimeout, socketTimeout } = SMTP_TIMEOUTS;
    expect(connectionTimeout + greetingTimeout + socketTimeout).toBeLessThan(SEND_BUDGET_MS);
    expect(SEND_BUDGET_MS).toBeLessThan(LEASE_MS);
  });
});

describe("redactedRecipient", () => {
  it.each([
    ["ann@example.com", "*@example.com"],
    ["Ann Lee <ann@mail.example.org>", "*@mail.example.org"],
    ["not an address", "[redacted]"],
  ])("%s -> %s", (to, shown) => {
    expect(redactedRecipient(to)).toBe(shown);
  });
});

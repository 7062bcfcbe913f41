/** The two ways mail leaves: SMTP through nodemailer, or .eml files in DATA_DIR/mail when no SMTP is set. */
import crypto from "node:crypto";
import path from "node:path";
import nodemailer from "nodemailer";
import { ensurePrivateDir, writePrivateFile } from "~/db/private-files.server";
import { log } from "~/lib/log.server";
import type { MailTransport } from "./outbox.server";

/** The folder of DATA_DIR that holds the .eml files when no SMTP server is configured. */
export const MAIL_DIR = "mail";

/**
 * Bounds on one SMTP conversation (nodemailer waits up to 2 min to connect and 10 min on a silent
 * socket by default): a hung mail server must not hold an e-mail past its lease (SEND_BUDGET_MS).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return async (mail) => {
    await transporter.sendMail(mail);
  };
}

/** The recipient as a log may show it: only the domain, since the mailbox name is personal. */
export const redactedRecipient = (to: string) => {
  const domain = /@([^@\s>]+)>?\s*$/.exec(to)?.[1];
  return domain ? `*@${domain}` : "[redacted]";
};

/**
 * Writes each message as a private .eml file (0600, in a 0700 folder), so a first run needs no mail
 * server. The log gets one line without the link: e-mails carry sign-in, reset and invitation tokens.
 * `logLinks` (LOG_MAIL_LINKS=on, for development only) adds the recipient, subject and links.
 */
export function fileTransport(dir: string, options: { logLinks?: boolean } = {}): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return async (mail) => {
    const info = await transporter.sendMail(mail);
    ensurePrivateDir(dir);
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(dir, `${stamp}-${crypto.randomBytes(3).toString("hex")}.eml`);
    writePrivateFile(file, info.message as Buffer, "wx");
    if (options.logLinks) {
      // The links go in a field of their own: messages are cleaned of tokens, fields are not.
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ links }, `[mail] to ${mail.to}: ${JSON.stringify(mail.subject)} written to ${file}`);
      return;
    }
    log.info(`[mail] wrote ${file} to ${redactedRecipient(mail.to)}`);
  };
}

/** The two ways mail leaves: SMTP through nodemailer, or .eml files in DATA_DIR/mail when no SMTP is set. */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailTransport } from "./outbox.server";

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return async (mail) => {
    await transporter.sendMail(mail);
  };
}

/** Writes each message as an .eml file and logs its links, so a first run needs no mail server. */
export function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return async (mail) => {
    const info = await transporter.sendMail(mail);
    fs.mkdirSync(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(dir, `${stamp}-${crypto.randomBytes(3).toString("hex")}.eml`);
    fs.writeFileSync(file, info.message as Buffer);
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    console.log(
      `[mail] to ${mail.to}: "${mail.subject}" written to ${file}${links.length ? ` (links: ${links.join(" ")})` : ""}`,
    );
  };
}

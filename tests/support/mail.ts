/**
 * Reads the .eml files the server writes to DATA_DIR/mail when no SMTP server is configured: finds a
 * message by recipient and subject and returns the links of its plain-text part.
 */
import fs from "node:fs";
import path from "node:path";

export interface SavedMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, "mi").exec(raw.split(/\r?\n\r?\n/)[0] ?? "")?.[1]?.trim() ?? "";

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

function plainText(raw: string): string {
  const boundary = /boundary="([^"]+)"/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw.slice(raw.search(/\r?\n\r?\n/))];
  const part = parts.find((p) => /Content-Type: text\/plain/i.test(p)) ?? parts[0] ?? "";
  const split = part.search(/\r?\n\r?\n/);
  const headers = split === -1 ? "" : part.slice(0, split);
  const body = split === -1 ? part : part.slice(split).trim();
  return /Content-Transfer-Encoding: quoted-printable/i.test(headers) ? decodeQuotedPrintable(body) : body;
}

export function readMails(dataDir: string): SavedMail[] {
  const dir = path.join(dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(path.join(dir, name), "utf8");
      const text = plainText(raw);
      return {
        file: name,
        to: header(raw, "To"),
        subject: header(raw, "Subject"),
        text,
        links: text.match(/https?:\/\/\S+/g) ?? [],
      };
    });
}

/** Waits for the message to `to` with `subject` (the server's mail worker writes it within moments). */
export async function waitForMail(
  dataDir: string,
  to: string,
  subject: string,
  timeoutMs = 15_000,
): Promise<SavedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readMails(dataDir)
      .filter((mail) => mail.to === to && mail.subject === subject)
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = readMails(dataDir).map((m) => `${m.to}: ${m.subject}`);
      throw new Error(
        `No e-mail "${subject}" to ${to} within ${timeoutMs} ms; saw: ${seen.join("; ") || "none"}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The path and query of a link, to open it on the server under test (whose SITE_URL may differ). */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

/**
 * Reads the .eml files the server writes to DATA_DIR/mail when no SMTP server is configured: finds a
 * message by recipient and subject and returns the links of its plain-text part. `parseMail` takes any
 * raw message apart (the SMTP catcher's too).
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

/** A raw message taken apart: its header fields (names in lower case, folded lines joined) and bodies. */
export interface ParsedMail {
  headers: Record<string, string>;
  text: string;
  html: string;
}

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** Splits an entity at its first blank line into header fields and the decoded body. */
function entity(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  const decoded =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  return { headers, body: decoded };
}

/** The text/plain and text/html leaves of a (nested) multipart entity. */
function leaves(raw: string): { type: string; body: string }[] {
  const { headers, body } = entity(raw);
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [{ type: type.split(";")[0]!.trim(), body }];
  const inner = body.split(`--${boundary}--`)[0]!.split(`--${boundary}`).slice(1);
  return inner.flatMap((part) => leaves(part.replace(/^\r?\n/, "")));
}

export function parseMail(raw: string): ParsedMail {
  const { headers } = entity(raw);
  const parts = leaves(raw);
  // SMTP carries CRLF line ends; the bodies are read with the LF ends they were written with.
  const of = (type: string) =>
    parts
      .find((part) => part.type.toLowerCase() === type)
      ?.body.replace(/\r\n/g, "\n")
      .trim() ?? "";
  return { headers, text: of("text/plain"), html: of("text/html") };
}

export function readMails(dataDir: string): SavedMail[] {
  const dir = path.join(dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => {
      const { headers, text } = parseMail(fs.readFileSync(path.join(dir, name), "utf8"));
      return {
        file: name,
        to: headers.to ?? "",
        subject: headers.subject ?? "",
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

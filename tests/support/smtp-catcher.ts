/**
 * An SMTP server on 127.0.0.1 for tests and drills (smtp-server): keeps every message it accepts, raw, with
 * its Message-ID, so a test can count how many times each outbox e-mail arrived and read what came.
 * `stop()` and `start()` take it down and bring it back on the same port (a mail server that is down for
 * a while).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  messageId: string;
  to: string;
  subject: string;
  /** The message as it came over SMTP (take it apart with parseMail from ./mail). */
  raw: string;
}

export interface SmtpCatcher {
  /** For SMTP_URL. */
  url: string;
  port: number;
  received: CaughtMail[];
  /** How many times each Message-ID arrived. */
  countsByMessageId(): Map<string, number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*)$`, "mi").exec(raw.split(/\r?\n\r?\n/)[0] ?? "")?.[1]?.trim() ?? "";

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  let server: SMTPServer | undefined;
  let port = 0;
  const catcher: SmtpCatcher = {
    url: "",
    port: 0,
    received: [],
    countsByMessageId() {
      const counts = new Map<string, number>();
      for (const mail of catcher.received) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
      return counts;
    },
    async start() {
      if (server) return;
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["AUTH", "STARTTLS"],
        logger: false,
        // Down means down: open connections are cut at once, not after the default 30 s.
        closeTimeout: 100,
        onData(stream, _session, callback) {
          let raw = "";
          stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
          stream.on("end", () => {
            catcher.received.push({
              messageId: header(raw, "Message-ID"),
              to: header(raw, "To"),
              subject: header(raw, "Subject"),
              raw,
            });
            callback();
          });
        },
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.server.once("error", reject);
        listening.listen(port, "127.0.0.1", () => resolve());
      });
      port = (listening.server.address() as AddressInfo).port;
      catcher.port = port;
      catcher.url = `smtp://127.0.0.1:${port}`;
    },
    async stop() {
      const closing = server;
      server = undefined;
      if (!closing) return;
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
  await catcher.start();
  return catcher;
}

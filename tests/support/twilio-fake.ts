/**
 * A fake of Twilio's Messages API on 127.0.0.1 for tests (ADR 045): `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP basic auth (the account SID and auth token it
 * was started with) and a form body of To, From and Body. It keeps every request as it came (method, path,
 * headers, parsed form) and answers as Twilio does: 201 with the message's JSON, 401 with Twilio's error
 * 20003 for wrong credentials, 404 for another path, or whatever `respond` says (a 500, a 400 with an
 * error code such as 21610 for a recipient who replied STOP).
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface TwilioRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form body, field by field (To, From, Body). */
  form: Record<string, string>;
  /** The status it was answered with. */
  status: number;
}

/** An answer `respond` may give instead of Twilio's success. */
export interface TwilioAnswer {
  status: number;
  /** Twilio's error code (21610, 21211...). */
  code?: number;
  message?: string;
}

export interface TwilioFake {
  /** For TWILIO_API_URL. */
  url: string;
  accountSid: string;
  authToken: string;
  requests: TwilioRequest[];
  /** The messages it accepted (201), in order. */
  sent(): { to: string; from: string; body: string; sid: string }[];
  /** Called for each authenticated request to the messages path: undefined accepts it. */
  respond: (form: Record<string, string>) => TwilioAnswer | undefined;
  /** Forgets the requests and messages so far, and answers with success again. */
  reset(): void;
  stop(): Promise<void>;
}

export async function startTwilioFake(
  accountSid = `AC${crypto.randomBytes(16).toString("hex")}`,
  authToken = crypto.randomBytes(16).toString("hex"),
): Promise<TwilioFake> {
  const accepted: { to: string; from: string; body: string; sid: string }[] = [];
  const fake: TwilioFake = {
    url: "",
    accountSid,
    authToken,
    requests: [],
    sent: () => [...accepted],
    respond: () => undefined,
    reset() {
      fake.requests.length = 0;
      accepted.length = 0;
      fake.respond = () => undefined;
    },
    stop: async () => undefined,
  };
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const answer = (status: number, body: Record<string, unknown>) => {
        fake.requests.push({
          method: req.method ?? "",
          path: req.url ?? "",
          headers: req.headers,
          form,
          status,
        });
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, code: number, message: string) =>
        answer(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      if (req.method !== "POST" || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        return error(404, 20404, "The requested resource was not found");
      }
      if (req.headers.authorization !== expectedAuth) return error(401, 20003, "Authenticate");
      if (!req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
        return error(400, 21603, "A 'From' phone number is required.");
      }
      const chosen = fake.respond(form);
      if (chosen)
        return error(chosen.status, chosen.code ?? 20500, chosen.message ?? "Internal Server Error");
      const sid = `SM${crypto.randomBytes(16).toString("hex")}`;
      accepted.push({ to: form.To ?? "", from: form.From ?? "", body: form.Body ?? "", sid });
      return answer(201, {
        sid,
        account_sid: accountSid,
        to: form.To,
        from: form.From,
        body: form.Body,
        status: "queued",
        num_segments: "1",
        direction: "outbound-api",
        api_version: "2010-04-01",
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

/**
 * Twilio's Programmable Messaging REST API as the SMS provider (ADR 045): one POST per text to
 * `/2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP basic auth with the account SID and auth token,
 * a form body of To, From and Body; a 201 answers with the message's SID. No SDK: the call is one request,
 * and the official package would bring its own HTTP stack and dependencies for it.
 */
import { SmsSendError, type SmsTransport } from "./outbox.server";

export interface TwilioConfig {
  /** https://api.twilio.com, or a test's fake. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** The number texts come from, E.164. */
  from: string;
  /** A request that takes longer is abandoned and retried (the outbox's lease outlasts it). */
  timeoutMs?: number;
}

/** Twilio's error code for a recipient who replied STOP: nothing is sent to them until they reply START. */
export const TWILIO_UNSUBSCRIBED = 21610;

export function twilioTransport(config: TwilioConfig): SmsTransport {
  const url = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return async ({ to, body }) => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: {
          Authorization: auth,
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "application/json",
        },
        body: new URLSearchParams({ To: to, From: config.from, Body: body }).toString(),
        redirect: "error",
        signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
      });
    } catch (error) {
      // No answer (refused, reset, timed out): Twilio may be down for a moment, so try again later.
      throw new SmsSendError(`Twilio unreachable: ${(error as Error).message}`, { retry: true });
    }
    const text = await response.text();
    let answer: { sid?: unknown; code?: unknown; message?: unknown } = {};
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      // A proxy's HTML error page: the status says enough.
    }
    if (response.ok && typeof answer.sid === "string") return { providerId: answer.sid };
    const code = typeof answer.code === "number" ? answer.code : undefined;
    const detail = typeof answer.message === "string" ? answer.message : text.slice(0, 200);
    // A server error or too many requests passes, and so may bad credentials once the operator fixes
    // them; any other refusal (a bad number, a recipient who replied STOP) would be refused again, so the
    // text fails at once and the reason stays on its row.
    throw new SmsSendError(`Twilio answered HTTP ${response.status}${code ? ` (${code})` : ""}: ${detail}`, {
      retry: response.status >= 500 || response.status === 429 || response.status === 401,
      optedOut: code === TWILIO_UNSUBSCRIBED,
    });
  };
}

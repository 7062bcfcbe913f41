/**
 * Whether this installation sends text messages (SMS_PROVIDER, off by default) and through what, read
 * from the environment (ADR 045). Off, nothing queues a text: no row is written, so turning it on later
 * sends nothing old.
 */
import { env } from "~/lib/env.server";
import type { SmsTransport } from "./outbox.server";
import { twilioTransport } from "./twilio.server";

export const smsEnabled = () => env().SMS_PROVIDER !== "off";

/** The provider's transport, or null when texts are off. */
export function smsTransportFromEnv(): SmsTransport | null {
  const config = env();
  if (config.SMS_PROVIDER !== "twilio") return null;
  return twilioTransport({
    apiUrl: config.TWILIO_API_URL,
    accountSid: config.TWILIO_ACCOUNT_SID!,
    authToken: config.TWILIO_AUTH_TOKEN!,
    from: config.TWILIO_FROM!,
  });
}

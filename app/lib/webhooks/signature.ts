/**
 * Webhook signatures (docs/webhooks.md): `Leadworks-Signature: t=<unix seconds>,v1=<hex>`, where the hex
 * is HMAC-SHA256, keyed with the endpoint's secret (its UTF-8 text, `whsec_` included), over
 * `<t>.<raw body>`. Receivers recompute it and reject a timestamp more than five minutes away.
 */
import crypto from "node:crypto";

export const SIGNATURE_HEADER = "Leadworks-Signature";
export const EVENT_ID_HEADER = "Leadworks-Event-Id";
export const EVENT_TYPE_HEADER = "Leadworks-Event";
/** How far a receiver should accept the signed time from its own clock. */
export const SIGNATURE_TOLERANCE_S = 300;

export const newWebhookSecret = () => `whsec_${crypto.randomBytes(32).toString("base64url")}`;

export function signatureHeader(secret: string, body: string, at = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = crypto.createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

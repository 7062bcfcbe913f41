/**
 * Secrets we must read back (a webhook's signing secret) are sealed at rest: AES-256-GCM with a key
 * derived from AUTH_SECRET by HKDF, one key per purpose. A database dump alone does not reveal them; a
 * changed AUTH_SECRET makes them unreadable (the admin or client then generates a new one).
 */
import crypto from "node:crypto";
import { resolveAuthSecret } from "./auth-secret.server";
import { env } from "./env.server";

const VERSION = "v1";

function keyFor(purpose: string, secret: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", secret, "leadworks-sealing", purpose, 32));
}

const processSecret = () => resolveAuthSecret(env());

/** `v1.<iv>.<ciphertext+tag>`, base64url; a fresh IV each time. */
export function seal(plaintext: string, purpose: string, secret = processSecret()): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFor(purpose, secret), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${iv.toString("base64url")}.${body.toString("base64url")}`;
}

/** The sealed text, or null when it was sealed with another key or tampered with. */
export function unseal(sealed: string, purpose: string, secret = processSecret()): string | null {
  const [version, iv, body] = sealed.split(".");
  if (version !== VERSION || !iv || !body) return null;
  try {
    const bytes = Buffer.from(body, "base64url");
    const decipher = crypto.createDecipheriv(
      "aes-256-gcm",
      keyFor(purpose, secret),
      Buffer.from(iv, "base64url"),
    );
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
}

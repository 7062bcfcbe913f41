/**
 * The secret that signs session cookies and confirmation tokens: AUTH_SECRET when set, otherwise one
 * generated on first use and kept in DATA_DIR/auth-secret (mode 0600), so sessions survive restarts.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ensurePrivateDir, writePrivateFile } from "~/db/private-files.server";

export const SECRET_FILE = "auth-secret";

export function resolveAuthSecret(config: { AUTH_SECRET?: string; DATA_DIR: string }): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(config.DATA_DIR, SECRET_FILE);
  const existing = readSecret(file);
  if (existing) return existing;
  ensurePrivateDir(config.DATA_DIR);
  const secret = crypto.randomBytes(32).toString("base64url");
  try {
    // "wx": if another process wrote it first, keep theirs.
    writePrivateFile(file, secret + "\n", "wx");
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const written = readSecret(file);
    if (!written) throw new Error(`The auth secret file ${file} is empty or too short`, { cause: error });
    return written;
  }
}

function readSecret(file: string): string | null {
  try {
    const value = fs.readFileSync(file, "utf8").trim();
    return value.length >= 32 ? value : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

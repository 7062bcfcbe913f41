import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveAuthSecret, SECRET_FILE } from "./auth-secret.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "lw-secret-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("resolveAuthSecret", () => {
  it("uses AUTH_SECRET when it is set, and writes nothing", () => {
    const dir = path.join(root, "env");
    expect(resolveAuthSecret({ AUTH_SECRET: "s".repeat(40), DATA_DIR: dir })).toBe("s".repeat(40));
    expect(fs.existsSync(dir)).toBe(false);
  });

  it("generates a secret once into a private DATA_DIR (0700, file 0600, whatever the umask) and reuses it", () => {
    const dir = path.join(root, "nested", "data");
    const umask = process.umask(0o000);
    let first: string;
    try {
      first = resolveAuthSecret({ DATA_DIR: dir });
    } finally {
      process.umask(umask);
    }
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(resolveAuthSecret({ DATA_DIR: dir })).toBe(first);
  });

  it("refuses a secret file that is too short instead of replacing it", () => {
    const dir = path.join(root, "short");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, SECRET_FILE), "tiny");
    expect(() => resolveAuthSecret({ DATA_DIR: dir })).toThrow(/empty or too short/);
  });
});

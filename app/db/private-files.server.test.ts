import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensurePrivateDir, tightenPrivatePaths, writePrivateFile } from "./private-files.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "lw-private-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const modeOf = (target: string) => fs.statSync(target).mode & 0o777;

/** Runs `fn` under a umask that would leave new files open to everyone. */
function withOpenUmask<T>(fn: () => T): T {
  const previous = process.umask(0o000);
  try {
    return fn();
  } finally {
    process.umask(previous);
  }
}

describe("private folders and files", () => {
  it("creates a folder and its missing parents as 0700 whatever the umask", () => {
    const dir = path.join(root, "a", "b", "data");
    withOpenUmask(() => ensurePrivateDir(dir));
    expect(modeOf(path.join(root, "a"))).toBe(0o700);
    expect(modeOf(path.join(root, "a", "b"))).toBe(0o700);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(root)).toBe(0o700); // mkdtemp's own folder, not touched
  });

  it("leaves an existing folder as it is (tightening is the start-up's job)", () => {
    const dir = path.join(root, "existing");
    fs.mkdirSync(dir);
    fs.chmodSync(dir, 0o755);
    ensurePrivateDir(dir);
    expect(modeOf(dir)).toBe(0o755);
  });

  it("writes files as 0600 whatever the umask, and 'wx' refuses an existing file", () => {
    const file = path.join(root, "secret.txt");
    withOpenUmask(() => writePrivateFile(file, "one", "wx"));
    expect(modeOf(file)).toBe(0o600);
    expect(() => writePrivateFile(file, "two", "wx")).toThrow(/EEXIST/);
    expect(fs.readFileSync(file, "utf8")).toBe("one");
  });

  it("tightens loose folders and files at start and reports them in one line", () => {
    const data = path.join(root, "loose");
    const mail = path.join(data, "mail");
    fs.mkdirSync(mail, { recursive: true });
    fs.writeFileSync(path.join(data, "auth-secret"), "s".repeat(40));
    fs.writeFileSync(path.join(mail, "one.eml"), "x");
    fs.chmodSync(data, 0o755);
    fs.chmodSync(mail, 0o775);
    fs.chmodSync(path.join(data, "auth-secret"), 0o644);
    fs.chmodSync(path.join(mail, "one.eml"), 0o644);
    const paths = {
      dirs: [data, path.join(data, "pglite"), mail],
      files: [path.join(data, "auth-secret"), path.join(data, "leadworks.lock")],
      fileDirs: [mail],
    };

    const line = tightenPrivatePaths(data, paths);
    expect(line).not.toBeNull();
    expect(line!.split("\n")).toHaveLength(1);
    expect(line).toContain(`[data] ${data}: tightened 4 path(s)`);
    expect(line).toContain(". 0755, mail 0775, auth-secret 0644, mail/one.eml 0644");
    expect(modeOf(data)).toBe(0o700);
    expect(modeOf(mail)).toBe(0o700);
    expect(modeOf(path.join(data, "auth-secret"))).toBe(0o600);
    expect(modeOf(path.join(mail, "one.eml"))).toBe(0o600);

    // Already private: nothing to say.
    expect(tightenPrivatePaths(data, paths)).toBeNull();
  });

  it("says nothing about a DATA_DIR that does not exist yet", () => {
    const missing = path.join(root, "missing");
    expect(tightenPrivatePaths(missing, { dirs: [missing], files: [] })).toBeNull();
    expect(fs.existsSync(missing)).toBe(false);
  });
});

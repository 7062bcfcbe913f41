import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { requestSnapshot, serveSnapshots, snapshotSocketPath } from "./snapshot-socket.server";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-snap-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

test("the holder's snapshot arrives byte for byte, over a socket only its user can open", async () => {
  const dir = tempDir();
  const bytes = crypto.randomBytes(3 * 1024 * 1024 + 7);
  bytes[0] = 0x0a; // a newline in the data must not be taken for the end of the status line
  const stop = await serveSnapshots(dir, async () => bytes);
  try {
    expect(fs.statSync(snapshotSocketPath(dir)).mode & 0o777).toBe(0o600);
    const received = await requestSnapshot(dir);
    expect(received && Buffer.compare(received, bytes)).toBe(0);
  } finally {
    await stop();
  }
  expect(fs.existsSync(snapshotSocketPath(dir))).toBe(false);
});

test("a failed snapshot is an error with the holder's reason; no socket, or a dead one, is null", async () => {
  const dir = tempDir();
  const stop = await serveSnapshots(dir, async () => {
    throw new Error("disk\nfull");
  });
  await expect(requestSnapshot(dir)).rejects.toThrow("the server could not take a snapshot: disk full");
  await stop();
  expect(await requestSnapshot(dir)).toBeNull();
  fs.writeFileSync(snapshotSocketPath(dir), ""); // left by a holder that died
  expect(await requestSnapshot(dir)).toBeNull();
});

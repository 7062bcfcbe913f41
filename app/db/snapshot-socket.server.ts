/**
 * Backups of the embedded database while the server runs. PGlite allows one process per data folder, so
 * `npm run backup` cannot open the database the server holds; instead the process that holds the folder's
 * lock answers on a Unix socket inside that (private, 0700) folder with a snapshot of the database:
 * PGlite's dump of its data folder, taken between transactions (no other query runs meanwhile, so it is
 * consistent; queries wait the moment it takes: about half a second per 40 MB of data folder here).
 *
 * Protocol: the client sends `snapshot\n`; the answer is `ok\n` followed by the snapshot's bytes (a tar
 * archive, as the holder made it) up to the end of the stream, or `error <message>\n`.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PRIVATE_FILE_MODE } from "./private-files.server";

export const SNAPSHOT_SOCKET = "leadworks.sock";
const REQUEST = "snapshot\n";

/** Unix socket paths are limited to about 100 bytes (sun_path). */
const MAX_SOCKET_PATH = 100;

export const snapshotSocketPath = (dataDir: string) => path.join(dataDir, SNAPSHOT_SOCKET);

/**
 * Answers snapshot requests on DATA_DIR/leadworks.sock; call only while holding the folder's lock (a
 * socket file found there is then a dead holder's and is replaced). Returns the function that stops.
 */
export async function serveSnapshots(
  dataDir: string,
  snapshot: () => Promise<Uint8Array>,
): Promise<() => Promise<void>> {
  const file = snapshotSocketPath(dataDir);
  if (process.platform === "win32" || file.length > MAX_SOCKET_PATH) {
    console.warn(`[db] ${file} is too long for a socket: backups need the server stopped.`);
    return async () => undefined;
  }
  fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    let request = "";
    socket.setEncoding("latin1");
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: string) => {
      request += chunk;
      if (request.length < REQUEST.length) return;
      socket.removeAllListeners("data");
      if (request !== REQUEST) {
        socket.end("error unknown request\n");
        return;
      }
      snapshot().then(
        (bytes) => {
          socket.write("ok\n");
          socket.end(bytes);
        },
        (error: Error) => socket.end(`error ${error.message.replace(/\s+/g, " ")}\n`),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(file, () => {
      server.off("error", reject);
      resolve();
    });
  });
  fs.chmodSync(file, PRIVATE_FILE_MODE);
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(file, { force: true });
    });
}

/** Asks the process holding `dataDir` for a snapshot; null when nothing answers there. */
export async function requestSnapshot(dataDir: string): Promise<Buffer | null> {
  const file = snapshotSocketPath(dataDir);
  if (!fs.existsSync(file)) return null;
  return new Promise((resolve, reject) => {
    const socket = net.connect(file);
    const chunks: Buffer[] = [];
    socket.on("connect", () => socket.write(REQUEST));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNREFUSED" || error.code === "ENOENT" ? resolve(null) : reject(error),
    );
    socket.on("end", () => {
      const answer = Buffer.concat(chunks);
      const newline = answer.indexOf(0x0a);
      const status = answer.subarray(0, newline === -1 ? answer.length : newline).toString("utf8");
      if (status === "ok") resolve(answer.subarray(newline + 1));
      else reject(new Error(`the server could not take a snapshot: ${status.replace(/^error /, "")}`));
    });
  });
}

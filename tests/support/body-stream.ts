/**
 * A client that streams a large request body the way an attacker would (chunked, no Content-Length, or
 * with a false small one), honouring backpressure, and reports the server's status and how much it sent.
 */
import net from "node:net";

export interface StreamResult {
  status: number;
  sentBytes: number;
  millis: number;
}

export function streamBody(options: {
  port: number;
  path: string;
  bytes: number;
  contentType: string;
  /** Sent before the filler, e.g. the head of a multipart file part. */
  prefix?: string;
  cookie?: string;
}): Promise<StreamResult> {
  const started = Date.now();
  const chunk = Buffer.alloc(64 * 1024, "a");
  return new Promise((resolve) => {
    const socket = net.connect(options.port, "127.0.0.1");
    let sent = 0;
    let status = 0;
    let head = "";
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      socket.destroy();
      resolve({ status, sentBytes: sent, millis: Date.now() - started });
    };
    socket.on("data", (data: Buffer) => {
      head += data.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (match) status = Number(match[1]);
    });
    socket.on("error", finish);
    socket.on("close", finish);
    socket.on("connect", async () => {
      const host = `127.0.0.1:${options.port}`;
      socket.write(
        [
          `POST ${options.path} HTTP/1.1`,
          `Host: ${host}`,
          `Origin: http://${host}`,
          `Content-Type: ${options.contentType}`,
          "Transfer-Encoding: chunked",
          ...(options.cookie ? [`Cookie: ${options.cookie}`] : []),
          "",
          "",
        ].join("\r\n"),
      );
      if (options.prefix) {
        const prefix = Buffer.from(options.prefix);
        socket.write(`${prefix.length.toString(16)}\r\n`);
        socket.write(prefix);
        socket.write("\r\n");
      }
      while (sent < options.bytes && !finished) {
        socket.write(`${chunk.length.toString(16)}\r\n`);
        socket.write(chunk);
        const ok = socket.write("\r\n");
        sent += chunk.length;
        if (!ok) await new Promise((next) => socket.once("drain", next).once("close", next));
      }
      if (!finished) socket.write("0\r\n\r\n");
    });
  });
}

/** The resident memory of a process in bytes (Linux). */
export async function residentBytes(pid: number): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

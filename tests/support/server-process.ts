/**
 * Starts the built production server (server/start.js) as a child process on a free port with its own
 * data folder, the way a user runs it, and stops it with SIGTERM. `script` server/dev.js starts it as
 * `npm run dev` does.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface ServerProcess {
  url: string;
  pid: number;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr. */
  output(): string;
  /** The JSON log lines written so far, parsed (a line that is not JSON fails the call). */
  logLines(): LogLine[];
  /** The message of each log line. */
  messages(): string[];
  stop(): Promise<number | null>;
}

/** A line of the server's log (app/lib/log.server.ts). */
export interface LogLine {
  level: string;
  time: string;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

/** Parses a log's lines; names the first line that is not a JSON object. */
export function parseLogLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`A log line is not JSON: ${line.slice(0, 300)}`);
      }
    });
}

export async function startServerProcess(
  env: Record<string, string> = {},
  script: "server/start.js" | "server/dev.js" = "server/start.js",
): Promise<ServerProcess> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "lw-e2e-"));
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      NODE_ENV: script === "server/dev.js" ? "development" : "production",
      LEADWORKS_SKIP_BUILD: "1",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      IP_RATE_LIMITS: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    // Scans only until the line is found: a busy server logs a line per request, and scanning the whole
    // output again for every chunk would starve this process (and the clients a test runs in it).
    const check = () => {
      const match = /running at (http:\/\/[^\s"]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off("data", check);
        resolve(match[1]!);
      }
    };
    child.stdout!.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting:\n${output}`));
    });
  });

  return {
    url,
    pid: child.pid!,
    dataDir,
    output: () => output,
    logLines: () => parseLogLines(output),
    messages: () => parseLogLines(output).map((line) => line.msg),
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/**
 * Shared bits of the benchmark scripts: the build check, the Chromium flags for this machine, cleanup that
 * runs on success, error and Ctrl-C alike, a plain-text table printer and the JSON result writer.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { DatabaseHandle } from "~/db/client.server";
import { startServerProcess, type ServerProcess } from "../tests/support/server-process";

export const root = path.resolve(import.meta.dirname, "..");
export const resultsDir = path.join(root, "bench", "results");
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** Flags this machine needs (no network, no GPU, runs as root). */
export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Exits with a clear message when the production build is missing. */
export function requireBuild(): void {
  if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) {
    console.error("build/server/index.js is missing: run `npm run build` first, then run this script again.");
    process.exit(1);
  }
}

type Cleanup = () => unknown;
const cleanups: Cleanup[] = [];

/** Registers something to stop; cleanups run last-in first-out. */
export function onCleanup(fn: Cleanup): void {
  cleanups.push(fn);
}

async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (error) {
      console.error("cleanup failed:", error);
    }
  }
}

/** Runs a benchmark's main function and always stops what it started, even on error or Ctrl-C. */
export function run(main: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping what was started...`);
    void runCleanups().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  main()
    .then(
      () => 0,
      (error: unknown) => {
        console.error(error);
        return 1;
      },
    )
    .then(async (code) => {
      stopping = true;
      await runCleanups();
      process.exit(code);
    });
}

/** A temporary directory removed at cleanup. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A database a benchmark runs on: a file-backed PGlite, and a fresh PostgreSQL one (dropped at cleanup). */
export interface BenchDatabase {
  name: "PGlite (file)" | "PostgreSQL";
  embedded: boolean;
  open: () => Promise<DatabaseHandle>;
  /** What a server process needs to reach the same database (DATA_DIR or DATABASE_URL); after `open`. */
  serverEnv: () => Record<string, string>;
}

/**
 * The databases a benchmark compares: always a file-backed PGlite under a temporary `prefix` directory;
 * PostgreSQL too when TEST_DATABASE_URL is set; BENCH_DATABASES picks one. The app's modules load on
 * open, after the script has set its environment.
 */
export function benchDatabases(prefix: string): BenchDatabase[] {
  const pgliteDir = tempDir(prefix);
  const targets: BenchDatabase[] = [
    {
      name: "PGlite (file)",
      embedded: true,
      open: async () => {
        const { openDatabase } = await import("~/db/client.server");
        return openDatabase({ kind: "pglite", dataDir: pgliteDir });
      },
      serverEnv: () => ({ DATA_DIR: pgliteDir }),
    },
  ];
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    let url: string | undefined;
    targets.push({
      name: "PostgreSQL",
      embedded: false,
      open: async () => {
        const { openDatabase } = await import("~/db/client.server");
        const { createPostgresDatabase } = await import("../tests/support/databases");
        const database = await createPostgresDatabase(adminUrl);
        onCleanup(() => database.drop());
        url = database.url;
        return openDatabase({ kind: "postgres", url });
      },
      serverEnv: () => {
        if (!url) throw new Error("The PostgreSQL database is made on open: open it first.");
        return { DATABASE_URL: url };
      },
    });
  }
  // BENCH_DATABASES=pglite|postgresql runs one of them, as in lead-queries.ts (the goals' sizes differ:
  // 1,000,000 leads on PostgreSQL, 200,000 embedded).
  const only = process.env.BENCH_DATABASES;
  if (only === "pglite" || only === "postgresql") {
    return targets.filter((t) => t.embedded === (only === "pglite"));
  }
  return targets;
}

export function writeResult(name: string, data: unknown): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + "\n");
  return file;
}

/** Prints rows as an aligned text table; numbers are right-aligned. */
export function printTable(headers: string[], rows: (string | number)[][]): void {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  const numeric = headers.map(
    (_, i) =>
      rows.some((row) => typeof row[i] === "number") &&
      rows.every((row) => typeof row[i] === "number" || row[i] === ""),
  );
  const line = (row: string[]) =>
    row
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of cells.slice(1)) console.log(line(row));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** When the measured build was made, and its client entry (changes with every client code change). */
export function buildInfo() {
  const entry = path.join(root, "build", "server", "index.js");
  const assets = path.join(root, "build", "client", "assets");
  const clientEntry = fs.existsSync(assets)
    ? fs.readdirSync(assets).find((f) => f.startsWith("entry.client-"))
    : undefined;
  return { builtAt: fs.statSync(entry).mtime.toISOString(), clientEntry };
}

export function machine() {
  return {
    date: new Date().toISOString(),
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    node: process.version,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

const probeRecords = Array.from({ length: 2000 }, (_, i) => ({
  id: `id-${i}`,
  name: `Name ${i}`,
  n: i * 1.5,
  tags: ["a", "b", String(i)],
}));

/**
 * How fast this machine is at this moment: the ms a fixed piece of JavaScript takes (JSON of 2,000 small
 * records, written and read 12 times; ~25 ms on a quiet machine of session 17's type). On a shared host the
 * same work takes up to 70% longer from one minute to the next (session 18 saw 117-198 ms for five times
 * this work, seconds apart), and every figure measured then with it: a page bench prints the probe beside
 * its figures so that a slow moment of the host is not read as a slow page.
 */
export function hostProbeMs(): number {
  const began = performance.now();
  let sink = 0;
  for (let i = 0; i < 12; i++) {
    const text = JSON.stringify(probeRecords);
    sink += (JSON.parse(text) as unknown[]).length + text.length;
  }
  if (sink === 0) throw new Error("the probe did no work");
  return Math.round((performance.now() - began) * 10) / 10;
}

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts the production server on a free 127.0.0.1 port with a fresh data folder (unless `env` names one,
 * or a DATABASE_URL). SITE_URL is set to the address it is reached at, so canonical links, the sitemap and
 * robots.txt agree with the tested URL.
 */
export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const server = await startServerProcess({
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    ...env,
    DATA_DIR: env.DATA_DIR ?? tempDir("lw-bench-data-"),
  });
  onCleanup(() => server.stop());
  return server;
}

// ---------------------------------------------------------------- the app's pages, as a browser asks

/** CPU seconds (user + system) a process has used so far, from /proc (Linux, 100 ticks a second). */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Signs in through the /auth form as a browser does; returns the session's Cookie header. */
export async function signIn(server: ServerProcess, email: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams({ intent: "sign-in", email, password }),
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (!cookies.some((c) => c.includes("session_token")))
    throw new Error(`sign-in of ${email} answered ${response.status} without a session`);
  return cookies.join("; ");
}

/** One document request: status, body, its bytes and the time to its last byte. */
export async function getPage(server: ServerProcess, cookie: string, urlPath: string) {
  const began = performance.now();
  const response = await fetch(server.url + urlPath, {
    redirect: "manual",
    headers: { cookie, accept: "text/html" },
  });
  const body = await response.text();
  return { status: response.status, body, bytes: Buffer.byteLength(body), ms: performance.now() - began };
}

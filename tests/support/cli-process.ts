/**
 * Runs one of the npm scripts' command-line tools (cli/*.ts) as its own process, the way `npm run` does,
 * with the given environment on top of this one's.
 */
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface CliResult {
  status: number | null;
  output: string;
}

export function runCli(script: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules/.bin/tsx"), [`cli/${script}`, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", reject);
    child.once("exit", (status) => resolve({ status, output }));
  });
}

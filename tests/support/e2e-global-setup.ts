import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startServerProcess, type ServerProcess } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: ServerProcess | undefined;

/** One production server for the browser tests; `npm test` builds before it runs them. */
export async function setup(project: TestProject) {
  if (!fs.existsSync(path.resolve(import.meta.dirname, "../../build/server/index.js"))) {
    throw new Error("No build found: run `npm run build` before the e2e tests (npm test does).");
  }
  server = await startServerProcess();
  project.provide("baseUrl", server.url);
}

export async function teardown() {
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
}

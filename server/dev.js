// `npm run dev`: the production server (server/app.ts: jobs, request guard, refusals) with Vite in
// middleware mode for hot reload. Modules load through Vite, so edits show without a restart.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const envFile = path.join(root, ".env");
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
process.env.NODE_ENV ??= "development";

const vite = await createServer({ root, server: { middlewareMode: true }, appType: "custom" });
const app = await vite.ssrLoadModule("/server/app.ts");
await app.main({
  middlewares: vite.middlewares,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build"),
  close: () => vite.close(),
});

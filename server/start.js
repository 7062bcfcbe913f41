// Starts the production server, building first when the build is missing or older than the sources.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const entry = path.join(root, "build", "server", "index.js");

/** @param {string} dir @returns {number} */
function newestMtime(dir) {
  let newest = 0;
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    const time = item.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

function buildIsStale() {
  if (!fs.existsSync(entry)) return true;
  const built = fs.statSync(entry).mtimeMs;
  const sources = ["app", "server", "content", "public"]
    .map((d) => path.join(root, d))
    .filter((d) => fs.existsSync(d));
  const configs = ["package.json", "vite.config.ts", "react-router.config.ts"].map((f) => path.join(root, f));
  return Math.max(...sources.map(newestMtime), ...configs.map((f) => fs.statSync(f).mtimeMs)) > built;
}

// Settings from a .env file, when there is one (the environment wins over the file).
const envFile = path.join(root, ".env");
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

if (process.env.LEADWORKS_SKIP_BUILD !== "1" && buildIsStale()) {
  console.log("[start] building the app (first start or changed sources)...");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("[start] the build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
}

process.env.NODE_ENV ??= "production";
const server = await import(entry);
await server.main();

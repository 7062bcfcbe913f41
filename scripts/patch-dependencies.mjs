/**
 * Run by `npm install` and `npm ci` (postinstall): small fixes to installed packages, each found by its
 * exact text so a version that no longer needs it (or changed) is reported instead of patched blindly.
 *
 * - @react-router/dev 7.x starts its internal Vite servers with `envFile: false`, which Vite 8 renamed to
 *   `envDir: false` (same meaning: read no .env file) and warns about on every start, typegen and build.
 *   Remove when React Router passes `envDir` itself.
 */
import fs from "node:fs";
import path from "node:path";

const patches = [
  {
    pkg: "@react-router/dev",
    files: ["dist/vite.js", "dist/cli/index.js", "dist/vite/cloudflare.js"],
    from: "envFile: false",
    to: "envDir: false",
  },
];

for (const { pkg, files, from, to } of patches) {
  const dir = path.join("node_modules", pkg);
  // Not installed (a production install leaves the build tools out): nothing to fix.
  if (!fs.existsSync(dir)) continue;
  for (const file of files) {
    const target = path.join(dir, file);
    if (!fs.existsSync(target)) continue;
    const text = fs.readFileSync(target, "utf8");
    if (text.includes(from)) fs.writeFileSync(target, text.replaceAll(from, to));
    else if (!text.includes(to))
      console.warn(`[patch-dependencies] ${target}: "${from}" not found; patch outdated`);
  }
}

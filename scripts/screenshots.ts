/**
 * Full-page screenshots of every public page at phone (390 px) and desktop (1280 px) widths, for looking
 * at the site as a visitor would. Usage: npx tsx scripts/screenshots.ts [baseUrl] [outDir] [path...]
 */
import fs from "node:fs";
import { publicPages } from "~/public-routes";
import { launchBrowser, viewports } from "../tests/support/browser";

const [baseUrl = "http://localhost:3000", outDir = "/tmp/shots", ...only] = process.argv.slice(2);
const pagePaths = only.length ? only : publicPages.filter((p) => p.inSitemap).map((p) => p.path);
fs.mkdirSync(outDir, { recursive: true });
const browser = await launchBrowser();
for (const [name, viewport] of Object.entries(viewports)) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  for (const path of pagePaths) {
    await page.goto(baseUrl + path, { waitUntil: "networkidle" });
    const file = `${outDir}/${name}${path === "/" ? "-home" : path.replaceAll("/", "-")}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    // Tall phone pages are also cut into screen-sized pieces, which are easier to look at.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const piece = 1800;
    for (let top = 0, n = 1; name === "phone" && top < height; top += piece, n++) {
      const clip = { x: 0, y: top, width: viewport.width, height: Math.min(piece, height - top) };
      await page.screenshot({ path: file.replace(/\.png$/, `.part${n}.png`), fullPage: true, clip });
    }
  }
  await context.close();
}
await browser.close();

/**
 * Draws the installed app's icons (public/icons/*.png) from the brand mark in public/favicon.svg, with the
 * Chromium the tests use: nothing is downloaded, and running it again after a change of the mark redraws
 * them. Usage: npx tsx scripts/make-app-icons.ts
 *
 * - icon-192.png, icon-512.png: the mark as the favicon shows it (rounded tile, transparent corners).
 * - icon-maskable-512.png: a full-bleed tile whose drawing stays inside the maskable safe zone (the circle
 *   of 40% radius in the middle), since the launcher cuts its own shape out of it.
 * - apple-touch-icon.png (180 px): full bleed and opaque; iOS rounds the corners and would fill
 *   transparent ones with black.
 */
import fs from "node:fs";
import path from "node:path";
import { launchBrowser } from "../tests/support/browser";

const root = path.resolve(import.meta.dirname, "..");
const favicon = fs.readFileSync(path.join(root, "public/favicon.svg"), "utf8");
const tile = /<rect\b[^>]*\bfill="(#[0-9a-fA-F]{3,6})"[^>]*\/>/.exec(favicon);
if (!tile) throw new Error("public/favicon.svg: no <rect fill> tile found");
const background = tile[1]!;
// The drawing on the tile: everything after the tile, up to the closing tag.
const drawing = favicon.slice(tile.index + tile[0].length, favicon.lastIndexOf("</svg>"));

/** The favicon's 32-unit drawing, centred on a full-bleed square and scaled by `scale`. */
const fullBleed = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/>` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -15.75)">${drawing}</g></svg>`;

// The drawing spans about 22.5 x 20 units around (16, 15.75): its corners lie 15 units from the middle.
// At 0.75 they lie 11.3 of 32 units out, 35% of the size, inside the 40% safe zone.
const icons: { file: string; size: number; svg: string }[] = [
  { file: "icon-192.png", size: 192, svg: favicon },
  { file: "icon-512.png", size: 512, svg: favicon },
  { file: "icon-maskable-512.png", size: 512, svg: fullBleed(0.75) },
  { file: "apple-touch-icon.png", size: 180, svg: fullBleed(0.85) },
];

const outDir = path.join(root, "public/icons");
fs.mkdirSync(outDir, { recursive: true });
const browser = await launchBrowser();
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const sized = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    const file = path.join(outDir, icon.file);
    await page.screenshot({ path: file, omitBackground: true });
    await page.close();
    console.log(`${path.relative(root, file)} (${icon.size}x${icon.size})`);
  }
} finally {
  await browser.close();
}

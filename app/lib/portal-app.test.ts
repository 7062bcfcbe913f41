import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { portalApp, portalManifest } from "./portal-app";

/** Width and height from a PNG's header (the IHDR chunk follows the 8-byte signature). */
function pngSize(file: string): { width: number; height: number } {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const publicFile = (urlPath: string) => path.join(import.meta.dirname, "../../public", urlPath);

describe("the portal's web app manifest", () => {
  const manifest = portalManifest();

  it("names the app and opens the portal standalone, within its own scope", () => {
    expect(manifest).toMatchObject({
      name: "Leadworks",
      short_name: "Leadworks",
      start_url: "/client",
      scope: "/client",
      display: "standalone",
      theme_color: "#1e3a8a",
      background_color: "#ffffff",
    });
    // The start and the worker's offline page lie inside the scope.
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    expect(portalApp.offlinePage.startsWith(manifest.scope)).toBe(true);
  });

  it("has 192 and 512 px icons and a maskable one, each a PNG of the size it claims", () => {
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
    for (const icon of [...manifest.icons, { src: portalApp.appleTouchIcon, sizes: "180x180" }]) {
      const { width, height } = pngSize(publicFile(icon.src));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });
});

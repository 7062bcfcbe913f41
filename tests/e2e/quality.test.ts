/**
 * Accessibility and markup of every public page: axe (through playwright-core) at phone and desktop widths,
 * and the Nu HTML Checker (vnu.jar, Java) on the server HTML.
 */
import AxeBuilder from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { paths } from "~/lib/site";
import { publicPages } from "~/public-routes";
import { openPage, viewports } from "../support/browser";
import { appForFile } from "../support/e2e-app";
import { htmlErrors } from "../support/html-checker";

const app = appForFile();
// Every indexable page, the not-found page and a prefilled contact variant.
const pagePaths = [
  ...publicPages.filter((p) => p.inSitemap).map((p) => p.path),
  paths.contactFixFlip,
  "/no-such-page",
];

describe("axe: no accessibility violations", () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    it(`every page at ${name} width (${viewport.width} px)`, { timeout: 240_000 }, async () => {
      const { page, context } = await openPage(app.browser, viewport);
      const failures: string[] = [];
      for (const pagePath of pagePaths) {
        await page.goto(app.url + pagePath, { waitUntil: "load" });
        const results = await new AxeBuilder({ page }).analyze();
        for (const violation of results.violations) {
          const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(" "));
          failures.push(
            `${pagePath}: ${violation.id} (${violation.impact}) ${violation.help} -> ${targets.join(" | ")}`,
          );
        }
      }
      await context.close();
      expect(failures).toEqual([]);
    });
  }
});

describe("Nu HTML Checker", () => {
  it("reports no errors on any page", { timeout: 180_000 }, async () => {
    const pages = [];
    for (const pagePath of pagePaths) {
      pages.push({ label: pagePath, html: await (await fetch(app.url + pagePath)).text() });
    }
    expect(await htmlErrors(pages)).toEqual([]);
  });
});

/** The site shell in Chromium: navigation, mobile menu, breadcrumb, scroll to top, not-found page. */
import { describe, expect, it } from "vitest";
import { paths } from "~/lib/site";
import { viewports } from "../support/browser";
import { appForFile } from "../support/e2e-app";

const app = appForFile();

const open = (viewport: { width: number; height: number }, path = "/") =>
  app.pages.open(path, viewport, { waitUntil: "load" });

describe("desktop (1280 px)", () => {
  it("shows the header navigation and the consultation button, and navigates", async () => {
    const page = await open(viewports.desktop);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const label of ["Find a Lead Generation Service", "About Us", "Blog", "Careers"]) {
      await expect(nav.getByRole("link", { name: label }).isVisible()).resolves.toBe(true);
    }
    await expect(
      page.getByRole("link", { name: "Book a Free Consultation" }).first().isVisible(),
    ).resolves.toBe(true);
    await nav.getByRole("link", { name: "About Us" }).click();
    await page.waitForURL(app.url + paths.about);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBeTruthy();
  });

  it("ships no script to an anonymous visitor of a static page, and only the forms' own script to form pages", async () => {
    const page = await open(viewports.desktop);
    expect(await page.locator("script[src], script[type=module], link[rel=modulepreload]").count()).toBe(0);
    await expect(
      page.locator('link[rel="prefetch"][href="/contact/real-estate-lead-generation-services"]').count(),
    ).resolves.toBe(1);
    // Pages with forms load one page script (ADR 055), not the app: no React, no route modules.
    for (const path of [paths.contact, paths.careers]) {
      await page.goto(app.url + path, { waitUntil: "networkidle" });
      const scripts = await page
        .locator("script[src]")
        .evaluateAll((list) => list.map((script) => (script as HTMLScriptElement).getAttribute("src")));
      expect(scripts, path).toEqual([expect.stringMatching(/^\/assets\/site-forms-[\w-]+\.js$/)]);
      expect(await page.locator("link[rel=modulepreload]").count(), path).toBe(0);
      expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
    }
  });

  it("hides the breadcrumb on the home page and builds it from the path elsewhere", async () => {
    const page = await open(viewports.desktop);
    expect(await page.getByRole("navigation", { name: "Breadcrumb" }).count()).toBe(0);
    await page.goto(app.url + paths.fixFlip);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Home" }).getAttribute("href")).resolves.toBe("/");
    await expect(crumbs.getByRole("link", { name: "Services" }).getAttribute("href")).resolves.toBe(
      paths.services,
    );
    await expect(crumbs.locator('[aria-current="page"]').textContent()).resolves.toBe("Fix & Flip Leads");
  });

  it("shows the footer with the configured contact e-mail and the current year", async () => {
    const page = await open(viewports.desktop);
    const footer = page.locator("footer");
    await expect(
      footer.getByRole("link", { name: "hello@leadworks.example" }).getAttribute("href"),
    ).resolves.toBe("mailto:hello@leadworks.example");
    await expect(footer.textContent()).resolves.toContain(`© ${new Date().getFullYear()} Leadworks`);
    await expect(footer.textContent()).resolves.toContain("90-day outcome sprint");
    await expect(footer.getByRole("link", { name: "Leadworks on LinkedIn" }).count()).resolves.toBe(1);
  });

  it("scrolls to the top on every route change", async () => {
    // From a page that runs the app, so the change is a client-side navigation.
    const page = await open(viewports.desktop, paths.contact);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.locator("footer").getByRole("link", { name: "Careers" }).click();
    await page.waitForURL(app.url + paths.careers);
    await page.waitForFunction(() => window.scrollY === 0);
  });

  it("shows the not-found page for an unknown path, with a link home", async () => {
    const { page } = await app.pages.blank({ viewport: viewports.desktop });
    const response = await page.goto(app.url + "/no-such-page");
    expect(response?.status()).toBe(404);
    // The browser reports the document's own 404 on the console; that one is expected.
    app.pages.drop(page, (p) => p.includes("404"));
    await expect(page.getByRole("heading", { name: "Oops! Page not found" }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole("navigation", { name: "Breadcrumb" }).count()).toBe(0);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(app.url + "/");
  });
});

describe("phone (390 px)", () => {
  it("opens the mobile menu with the toggle and closes it when a link is chosen", async () => {
    const page = await open(viewports.phone);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    const toggle = page.getByLabel("Menu", { exact: true });
    const menu = page.getByRole("navigation", { name: "Mobile" });
    expect(await menu.isVisible()).toBe(false);
    await toggle.click();
    await menu.waitFor({ state: "visible" });
    await menu.getByRole("link", { name: "Blog" }).click();
    await page.waitForURL(app.url + paths.blog);
    await menu.waitFor({ state: "hidden" });
    // On a page with the app running, choosing a link closes the menu as well.
    await page.goto(app.url + paths.contact, { waitUntil: "networkidle" });
    await page.getByLabel("Menu", { exact: true }).click();
    await menu.waitFor({ state: "visible" });
    await menu.getByRole("link", { name: "Careers" }).click();
    await page.waitForURL(app.url + paths.careers);
    await menu.waitFor({ state: "hidden" });
  });

  it("has no horizontal overflow on the home page", async () => {
    const page = await open(viewports.phone);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

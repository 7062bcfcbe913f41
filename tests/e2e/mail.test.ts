/**
 * Mail in Chromium (issue 27), on a server of its own that writes its mail to DATA_DIR/mail: an admin's
 * import ends and its report arrives with a one-click unsubscribe; a logged-out browser on a phone opens
 * the link, is asked (nothing changes on GET), unsubscribes with the button, and the admin's /account
 * shows the report turned off; a mail provider's POST (no Origin, RFC 8058 body) answers 200, a tampered
 * token 400. The admins' preview shows every template at 600 and 390 px without a sideways scroll.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { viewports } from "../support/browser";
import { appForFile, axeViolations, type TestUser } from "../support/e2e-app";
import { parseMail, pathOf, waitForMail } from "../support/mail";

const ADMIN: TestUser = {
  email: "mail.admin@example.com",
  password: "Granite-Peak-2024!",
  role: "admin",
  firstName: "Maria",
  lastName: "Mailer",
};

const app = appForFile({ name: "mail", users: [ADMIN] });
beforeAll(() => app.keepSessions([ADMIN]));

function writeFile(name: string, text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lw-mail-")), name);
  fs.writeFileSync(file, text);
  return file;
}

describe("mail", () => {
  let unsubscribePath = "";

  it("the admin who starts an import gets its report, with List-Unsubscribe and the link in the footer", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads/import", viewports.desktop);
    const list = [
      "First Name,Last Name,Phone,Address,City,State,Zip",
      "Ana,Reyes,(713) 555-0101,12 Elm St,Houston,TX,77002",
      "Bo,Tran,713.555.0102,9 Oak Ave #2,Houston,TX,77003",
    ].join("\n");
    await page.getByLabel("CSV file").setInputFiles(writeFile("houston-sellers.csv", list));
    await page.getByRole("button", { name: "Upload and map columns" }).click();
    await page.waitForURL(/\/admin\/leads\/import\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: "Import 2 leads" }).click();

    const report = await waitForMail(
      app.dataDir,
      ADMIN.email,
      "Import finished: houston-sellers.csv",
      30_000,
    );
    expect(report.text).toContain(
      "Hello Maria, the import of houston-sellers.csv is finished: 2 leads imported, 0 rows refused.",
    );
    const { headers } = parseMail(fs.readFileSync(path.join(app.dataDir, "mail", report.file), "utf8"));
    expect(headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const header = /^<([^>]+)>$/.exec(headers["list-unsubscribe"] ?? "")?.[1];
    expect(header).toMatch(/\/unsubscribe\?token=/);
    expect(report.text).toContain(`Unsubscribe: ${header}`);
    unsubscribePath = pathOf(header!);
  });

  it("a logged-out phone is asked first, then unsubscribed by the button; /account shows it off", async () => {
    const phone = await app.open(unsubscribePath, viewports.phone);
    await phone.getByText("Stop reports of the imports you start?").waitFor();
    expect(await axeViolations(phone, "unsubscribe")).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // GET changed nothing.
    const before = await app.openAs(ADMIN, "/account", viewports.desktop);
    expect(await before.getByRole("checkbox", { name: /Imports I start/ }).isChecked()).toBe(true);

    await phone.getByRole("button", { name: "Unsubscribe" }).click();
    await phone.getByRole("heading", { name: "You are unsubscribed" }).waitFor();
    await phone.getByText("We will not send you reports of the imports you start any more.").waitFor();

    const after = await app.openAs(ADMIN, "/account", viewports.desktop);
    expect(await after.getByRole("checkbox", { name: /Imports I start/ }).isChecked()).toBe(false);
  });

  it("a mail provider's one-click POST answers 200; a tampered token 400", async () => {
    const oneClick = (urlPath: string) =>
      app.http(urlPath, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
    expect((await oneClick(unsubscribePath)).status).toBe(200);
    const tampered = unsubscribePath.replace(/.(?=$)/, (c) => (c === "A" ? "B" : "A"));
    expect((await oneClick(tampered)).status).toBe(400);
    expect((await app.http(tampered)).status).toBe(400);
  });

  it(
    "/admin/mail shows every template at 600 and 390 px, none wider than its frame",
    { timeout: 120_000 },
    async () => {
      const page = await app.openAs(ADMIN, "/admin/mail", viewports.desktop);
      const templates = page.getByRole("navigation", { name: "Templates" }).getByRole("link");
      const count = await templates.count();
      expect(count).toBeGreaterThanOrEqual(18);
      // Each frame's HTML is measured in a page of the frame's width (a phone's, a mail client's column).
      const measure = {
        600: await app.open("/", { width: 600, height: 800 }),
        390: await app.open("/", viewports.phone),
      };
      const widths: string[] = [];
      for (let i = 0; i < count; i++) {
        await templates.nth(i).click();
        const title = (await templates.nth(i).textContent())!;
        for (const width of [600, 390] as const) {
          const frame = page.locator(`iframe[title="${title} at ${width} px"]`);
          await frame.waitFor();
          await measure[width].setContent((await frame.getAttribute("srcdoc"))!);
          const scroll = await measure[width].evaluate(() => document.documentElement.scrollWidth);
          widths.push(`${title} ${width}: ${scroll <= width ? "fits" : scroll}`);
        }
      }
      expect(widths.filter((line) => !line.endsWith("fits"))).toEqual([]);
      expect(await axeViolations(page, "mail preview")).toEqual([]);

      // Not for anyone else: a visitor is sent to sign in.
      expect((await app.http("/admin/mail")).status).toBe(302);
    },
  );
});

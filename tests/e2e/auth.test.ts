/**
 * Accounts in Chromium against a server of their own (its DATA_DIR/mail holds the e-mails): sign up,
 * confirm from the e-mail, sign in, see the toast, sign out; an admin made with the CLI invites a client
 * who sets a password from the e-mail and signs in. Also: the forms without JavaScript, and axe on the
 * account pages.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultSignInPolicy } from "~/features/auth/sign-in-limits.server";
import { viewports } from "../support/browser";
import { axeViolations, toast, appForFile, type TestUser } from "../support/e2e-app";
import { pathOf, waitForMail } from "../support/mail";
import { userCli } from "../support/user-cli";

const PASSWORD = "Harbor-Light-42";
// The first admin comes from the command line, before the server takes the data folder's lock.
const ADMIN: TestUser = {
  email: "first.admin@example.com",
  password: "Granite-Peak-2024!",
  role: "admin",
  firstName: "Ada",
  lastName: "Admin",
};

const app = appForFile({ name: "auth", users: [ADMIN] });
beforeAll(() => {
  expect(app.created.get(ADMIN)).toContain(`Created ${ADMIN.email} with the admin role`);
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const accounts = (page: Page) => page.getByRole("table", { name: "Accounts with their roles and status" });
const panel = (page: Page, name: "Sign In" | "Sign Up") => page.getByRole("tabpanel", { name });
const signIn = (page: Page, email: string, password: string) => app.signIn(page, { email, password });

/** By default (LOG_MAIL_LINKS off) the server logs each e-mail as one line without its link's token. */
function expectTokenNotLogged(link: string) {
  const token = new URL(link).searchParams.get("token");
  expect(token).toBeTruthy();
  expect(app.process.output()).not.toContain(token);
  expect(app.process.output()).not.toContain("token=");
  expect(app.process.messages().join("\n")).toMatch(/^\[mail\] wrote \S+\.eml to \*@example\.com$/m);
}

describe("sign-up, confirmation, sign-in and sign-out", () => {
  it("walks the whole journey with the e-mail from the .eml outbox", { timeout: 120_000 }, async () => {
    const email = `maya-${unique()}@example.com`;
    const page = await app.open("/auth?tab=signup");
    await expect(page.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected")).resolves.toBe(
      "true",
    );
    const signUp = panel(page, "Sign Up");

    // Instant field errors and the strength indicator, from the shared schema.
    await signUp.getByLabel("Password").fill("short");
    await signUp.getByText("Too short").waitFor();
    await signUp.getByLabel("Email").focus();
    await signUp.getByText("Password must be at least 12 characters").waitFor();
    await signUp.getByLabel("Password").fill("abcdefghijkl");
    await signUp.getByText("Weak").waitFor();
    await signUp.getByLabel("Password").fill(PASSWORD);
    await signUp.getByText("Strong").waitFor();

    await signUp.getByLabel("First name (optional)").fill("Maya");
    await signUp.getByLabel("Last name (optional)").fill("Rivers");
    await signUp.getByLabel("Email").fill(email);
    await signUp.getByRole("button", { name: "Create Account" }).click();
    await toast(page, "Please check your email to confirm your account!").waitFor();
    await signUp
      .getByRole("status")
      .filter({ hasText: "Please check your email to confirm your account!" })
      .waitFor();
    expect(await signUp.getByLabel("Email").inputValue()).toBe("");

    // Signing in before confirming is refused, with an offer to resend.
    await page.getByRole("tab", { name: "Sign In" }).click();
    await signIn(page, email, PASSWORD);
    await page.getByText("Please confirm your email first").waitFor();
    await toast(page, "Error").waitFor();
    app.pages.expectRefusal(page, 403);
    await page.getByRole("button", { name: "Resend confirmation email" }).click();
    await toast(page, "Confirmation email sent").waitFor();

    const mail = await waitForMail(app.dataDir, email, "Confirm your Leadworks account");
    expect(mail.links[0]).toMatch(/\/auth\/verify-email\?token=/);
    expectTokenNotLogged(mail.links[0]!);
    await page.goto(app.url + pathOf(mail.links[0]!), { waitUntil: "networkidle" });
    await page.waitForURL(app.url + "/auth");
    await toast(page, "Email confirmed").waitFor();

    await signIn(page, email, PASSWORD);
    await page.waitForURL(app.url + "/");
    await toast(page, "Successfully signed in!").waitFor();

    // The header's account menu: name, e-mail, links, and sign-out as a POST.
    const menu = page.locator("header details").filter({ hasText: "account menu" });
    await menu.locator("summary").click();
    await expect(menu.textContent()).resolves.toContain(email);
    await expect(menu.getByRole("link", { name: "Account" }).isVisible()).resolves.toBe(true);
    expect(await menu.getByRole("link", { name: "Admin" }).count()).toBe(0);
    await menu.getByRole("link", { name: "Account" }).click();
    await page.waitForURL(app.url + "/account");
    await expect(page.getByLabel("First name (optional)").inputValue()).resolves.toBe("Maya");
    await page.getByLabel("Company name (optional)").fill("Rivers Capital");
    await page.getByLabel("Phone (optional)").fill("12ab");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByText("Invalid phone number format").waitFor();
    await page.getByLabel("Phone (optional)").fill("(512) 555-0100");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await toast(page, "Profile updated").waitFor();

    // Signed in, /auth sends the visitor home.
    await page.goto(app.url + "/auth", { waitUntil: "networkidle" });
    await page.waitForURL(app.url + "/");

    await menu.locator("summary").click();
    await menu.getByRole("button", { name: "Sign out" }).click();
    await toast(page, "Signed out").waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();
    await page.goto(app.url + "/account", { waitUntil: "networkidle" });
    await page.waitForURL(app.url + "/auth?redirectTo=%2Faccount");
  });

  it("answers a wrong password with the catalogue's error toast", async () => {
    const page = await app.open("/auth");
    await signIn(page, `nobody-${unique()}@example.com`, "Wrong-Password-1");
    await toast(page, "Error").filter({ hasText: "Invalid email or password" }).waitFor();
    app.pages.expectRefusal(page, 401);
  });

  it("stops repeated wrong passwords at one address with the catalogue's message and Retry-After", async () => {
    const page = await app.open("/auth");
    const email = `guesser-${unique()}@example.com`;
    const posted = () => page.waitForResponse((r) => r.request().method() === "POST");
    for (let i = 0; i < defaultSignInPolicy.accountAtAddress[0]!.max; i++) {
      const [response] = await Promise.all([posted(), signIn(page, email, `Wrong-Password-${i}`)]);
      expect(response.status()).toBe(401);
    }
    const [limited] = await Promise.all([posted(), signIn(page, email, "Wrong-Password-x")]);
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
    await toast(page, "Error")
      .filter({ hasText: "Too many attempts. Please wait a while and try again." })
      .waitFor();
    app.pages.expectRefusal(page, 401);
    app.pages.expectRefusal(page, 429);
  });

  it("runs one page script instead of React: tabs keep their address, the button says it is signing in", async () => {
    const page = await app.open("/auth");
    const scripts = await page
      .locator("script[src]")
      .evaluateAll((found) => found.map((script) => script.getAttribute("src")));
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/account-forms-[\w-]+\.js$/)]);
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.waitForURL(app.url + "/auth?tab=signup");
    await page.getByRole("tab", { name: "Sign In" }).click();
    await page.waitForURL(app.url + "/auth");

    // What the button says once the form is sent, noted where the next page can still read it.
    await page.evaluate(() => {
      const button = document.querySelector("#signin button[type=submit]")!;
      new MutationObserver(() => sessionStorage.setItem("caption", button.textContent ?? "")).observe(
        button,
        {
          childList: true,
          characterData: true,
          subtree: true,
        },
      );
    });
    await signIn(page, `nobody-${unique()}@example.com`, "Wrong-Password-1");
    await toast(page, "Error").filter({ hasText: "Invalid email or password" }).waitFor();
    await expect(page.evaluate(() => sessionStorage.getItem("caption"))).resolves.toBe("Signing in...");
    await panel(page, "Sign In").getByRole("button", { name: "Sign In" }).waitFor();
    app.pages.expectRefusal(page, 401);
  });

  it("works without JavaScript: errors under the fields with HTTP 400", async () => {
    const context = await app.browser.newContext({ javaScriptEnabled: false, viewport: viewports.desktop });
    const page = await context.newPage();
    try {
      await page.goto(app.url + "/auth?tab=signup");
      const signUp = panel(page, "Sign Up");
      await signUp.getByLabel("Email").fill("not-an-email");
      await signUp.getByLabel("Password").fill("abcdefghijkl");
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        signUp.getByRole("button", { name: "Create Account" }).click(),
      ]);
      expect(response.status()).toBe(400);
      const after = panel(page, "Sign Up");
      await after.getByText("Invalid email address").waitFor();
      await after.getByText("Password must contain at least one uppercase letter").waitFor();
      await expect(after.getByLabel("Email").getAttribute("aria-invalid")).resolves.toBe("true");
      await expect(after.getByLabel("Email").inputValue()).resolves.toBe("not-an-email");

      await page.goto(app.url + "/auth");
      await app.signIn(page, ADMIN);
      await page.waitForURL(app.url + "/");
      await page
        .locator("header details")
        .filter({ hasText: "account menu" })
        .locator("summary")
        .filter({ hasText: "Ada Admin" })
        .waitFor({ state: "attached" });
    } finally {
      await context.close();
    }
  });
});

describe("user admin", () => {
  it(
    "an admin made with the CLI invites a client, who sets a password and signs in",
    { timeout: 120_000 },
    async () => {
      // The CLI refuses to open the embedded database while the server holds it, and says so.
      const locked = userCli(app.dataDir, "list");
      expect(locked.status).toBe(1);
      expect(locked.output).toContain("in use by another Leadworks process");
      expect(locked.output).toContain("The server holds the lock");

      const admin = await app.open("/admin/users");
      await admin.waitForURL(app.url + "/auth?redirectTo=%2Fadmin%2Fusers");
      await signIn(admin, ADMIN.email, ADMIN.password);
      await admin.waitForURL(app.url + "/admin/users");
      await toast(admin, "Successfully signed in!").waitFor();
      await admin.getByRole("heading", { name: "Users", level: 1 }).waitFor();
      expect(await axeViolations(admin)).toEqual([]);

      const clientEmail = `client-${unique()}@example.com`;
      const invite = admin.getByRole("form", { name: "Invite a client" });
      await invite.getByLabel("Email").fill(clientEmail);
      await invite.getByLabel("Company name").fill("Oak Street Buyers");
      await invite.getByLabel("First name (optional)").fill("Ian");
      await invite.getByRole("button", { name: "Send Invitation" }).click();
      await toast(admin, "Success")
        .filter({ hasText: `Invitation sent to ${clientEmail}` })
        .waitFor();
      const row = accounts(admin).getByRole("row").filter({ hasText: clientEmail });
      await row.getByText("Invited").waitFor();
      await row.getByText("Oak Street Buyers").waitFor();
      await admin
        .getByRole("table", { name: "Changes to accounts, newest first" })
        .getByRole("row")
        .filter({ hasText: clientEmail })
        .filter({ hasText: "Invited" })
        .waitFor();

      const mail = await waitForMail(app.dataDir, clientEmail, "Your Leadworks client portal account");
      expect(mail.text).toContain("Oak Street Buyers");
      expectTokenNotLogged(mail.links[0]!);
      const client = await app.open(pathOf(mail.links[0]!));
      await client.getByRole("heading", { name: "Set your password" }).waitFor();
      await client.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await client.getByText("Strong").waitFor();
      await client.getByLabel("Confirm password").fill(PASSWORD);
      await client.getByRole("button", { name: "Set Password" }).click();
      await client.waitForURL(app.url + "/auth");
      await toast(client, "Password set").waitFor();
      await signIn(client, clientEmail, PASSWORD);
      await client.waitForURL(app.url + "/");
      await toast(client, "Successfully signed in!").waitFor();
      const menu = client.locator("header details").filter({ hasText: "account menu" });
      await menu.locator("summary").click();
      await expect(menu.getByRole("link", { name: "Account" }).getAttribute("href")).resolves.toBe(
        "/account",
      );
      expect(await menu.getByRole("link", { name: "Admin" }).count()).toBe(0);

      // The company name is the agency's: read-only for the client, changed by the admin.
      await menu.getByRole("link", { name: "Account" }).click();
      await client.waitForURL(app.url + "/account");
      const company = client.getByLabel("Company name");
      await expect(company.inputValue()).resolves.toBe("Oak Street Buyers");
      await expect(company.isEditable()).resolves.toBe(false);
      await expect(company.getAttribute("name")).resolves.toBeNull();
      await client.getByText("Set by the agency. Contact us to change it.").waitFor();
      await client.getByLabel("Phone (optional)").fill("(512) 555-0100");
      await client.getByRole("button", { name: "Save Profile" }).click();
      await toast(client, "Profile updated").waitFor();
      await expect(company.inputValue()).resolves.toBe("Oak Street Buyers");

      await admin.reload({ waitUntil: "networkidle" });
      const clientRow = accounts(admin).getByRole("row").filter({ hasText: clientEmail });
      await clientRow.getByText(`Change company name of ${clientEmail}`).click();
      await clientRow.getByLabel(`Company name of ${clientEmail}`).fill("Maple Capital");
      await clientRow.getByRole("button", { name: `Save company name of ${clientEmail}` }).click();
      await toast(admin, "Success")
        .filter({ hasText: `${clientEmail} now belongs to Maple Capital` })
        .waitFor();
      await clientRow.getByText("Maple Capital", { exact: true }).waitFor();
      await client.reload({ waitUntil: "networkidle" });
      await expect(company.inputValue()).resolves.toBe("Maple Capital");
      expect(await axeViolations(client)).toEqual([]);

      // A client is turned away from the admin area with the spec's toast.
      await client.goto(app.url + "/admin", { waitUntil: "networkidle" });
      await client.waitForURL(app.url + "/");
      await toast(client, "Access Denied").filter({ hasText: "You don't have admin privileges" }).waitFor();

      // The admin sees the client active now, and the admin area's Sign Out returns to /.
      await admin.reload({ waitUntil: "networkidle" });
      await accounts(admin).getByRole("row").filter({ hasText: clientEmail }).getByText("Active").waitFor();
      await admin.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
      await admin.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
      const adminMenu = admin.getByRole("banner").locator("details").filter({ hasText: "account menu" });
      await adminMenu.locator("summary").click();
      await adminMenu.getByRole("button", { name: "Sign Out", exact: true }).click();
      await admin.waitForURL(app.url + "/");
      await admin.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();
    },
  );

  it("disabling an account signs it out at once", { timeout: 120_000 }, async () => {
    const email = `short-lived-${unique()}@example.com`;
    const admin = await app.open("/auth?redirectTo=%2Fadmin%2Fusers");
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL(app.url + "/admin/users");
    const invite = admin.getByRole("form", { name: "Invite a client" });
    await invite.getByLabel("Email").fill(email);
    await invite.getByLabel("Company name").fill("Short Lived LLC");
    await invite.getByRole("button", { name: "Send Invitation" }).click();
    await toast(admin, "Success")
      .filter({ hasText: `Invitation sent to ${email}` })
      .waitFor();

    const mail = await waitForMail(app.dataDir, email, "Your Leadworks client portal account");
    const user = await app.open(pathOf(mail.links[0]!));
    await user.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await user.getByLabel("Confirm password").fill(PASSWORD);
    await user.getByRole("button", { name: "Set Password" }).click();
    await user.waitForURL(app.url + "/auth");
    await signIn(user, email, PASSWORD);
    await user.waitForURL(app.url + "/");

    await admin.reload({ waitUntil: "networkidle" });
    await admin
      .getByRole("row")
      .filter({ hasText: email })
      .getByRole("button", { name: `Disable for ${email}` })
      .click();
    await toast(admin, "Success").filter({ hasText: "is disabled and signed out" }).waitFor();
    await accounts(admin).getByRole("row").filter({ hasText: email }).getByText("Disabled").waitFor();

    await user.goto(app.url + "/account", { waitUntil: "networkidle" });
    await user.waitForURL(app.url + "/auth?redirectTo=%2Faccount");
    await signIn(user, email, PASSWORD);
    await toast(user, "Error").filter({ hasText: "disabled" }).waitFor();
    app.pages.expectRefusal(user, 403);
  });

  it(
    "pages the accounts by 50, finds them by search and role, and changes one from the keyboard",
    { timeout: 180_000 },
    async () => {
      const admin = await app.open("/auth?redirectTo=%2Fadmin%2Fusers");
      await signIn(admin, ADMIN.email, ADMIN.password);
      await admin.waitForURL(app.url + "/admin/users");
      // More accounts than a page holds, invited as the form does (the session's cookie, our origin).
      const batch = unique();
      const bulkEmail = (i: number) => `bulk-${batch}-${String(i).padStart(2, "0")}@example.com`;
      for (let i = 0; i < 55; i++) {
        const response = await admin.request.post(app.url + "/admin/users", {
          form: { intent: "invite", email: bulkEmail(i), companyName: `Bulk Buyers ${i}` },
          headers: { origin: app.url },
        });
        expect(response.status()).toBe(200);
      }

      await admin.reload({ waitUntil: "networkidle" });
      const rows = accounts(admin).locator("tbody tr");
      await expect(rows.count()).resolves.toBe(50);
      const pages = admin.getByRole("navigation", { name: "Pages" });
      const total = Number(
        /of ([\d,]+) accounts/.exec((await pages.textContent()) ?? "")?.[1]?.replace(",", ""),
      );
      expect(total).toBeGreaterThanOrEqual(56);
      await pages.getByText(`1–50 of ${total} accounts`).waitFor();
      const firstPage = await rows.allTextContents();
      await pages.getByRole("link", { name: "Next page" }).click();
      await pages.getByText(`51–${Math.min(100, total)} of ${total} accounts`).waitFor();
      expect(admin.url()).toContain("after=");
      const secondPage = await rows.allTextContents();
      expect(secondPage).toHaveLength(Math.min(50, total - 50));
      expect(secondPage.filter((row) => firstPage.includes(row))).toEqual([]);
      await pages.getByRole("link", { name: "Previous page" }).click();
      await pages.getByText(`1–50 of ${total} accounts`).waitFor();
      await expect(rows.allTextContents()).resolves.toEqual(firstPage);

      // Search: part of an e-mail in capitals, with spaces around it; the URL carries it.
      const search = admin.getByRole("search", { name: "Accounts" });
      await search.getByLabel("Search").fill(`  BULK-${batch.toUpperCase()}-07 `);
      await search.getByRole("button", { name: "Search" }).click();
      await admin.waitForURL(/\?q=/);
      await pages.getByText("1–1 of 1 account").waitFor();
      await accounts(admin)
        .getByRole("row")
        .filter({ hasText: bulkEmail(7) })
        .waitFor();
      expect(await axeViolations(admin)).toEqual([]);
      await search.getByLabel("Search").fill("");
      await search.getByLabel("Role").selectOption("admin");
      await search.getByRole("button", { name: "Search" }).click();
      await admin.waitForURL(/[?&]role=admin/);
      await accounts(admin).getByRole("row").filter({ hasText: ADMIN.email }).waitFor();
      await expect(rows.count()).resolves.toBe(1);
      await search.getByLabel("Search").fill("no-such-account-zebra");
      await search.getByRole("button", { name: "Search" }).click();
      await admin.getByText("No accounts match “no-such-account-zebra” with the admin role").waitFor();
      await search.getByRole("link", { name: "Clear" }).click();
      await admin.waitForURL(app.url + "/admin/users");
      await pages.getByText(`1–50 of ${total} accounts`).waitFor();

      // The company name editor opens from the keyboard, takes the focus, and saves with Enter.
      const row = accounts(admin)
        .getByRole("row")
        .filter({ hasText: bulkEmail(54) });
      await row.getByRole("link", { name: `Change company name of ${bulkEmail(54)}` }).focus();
      await admin.keyboard.press("Enter");
      const field = row.getByLabel(`Company name of ${bulkEmail(54)}`);
      await field.waitFor();
      await expect(field.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
      await admin.keyboard.press("Control+A");
      await admin.keyboard.type("Keyboard Capital");
      await admin.keyboard.press("Enter");
      await toast(admin, "Success")
        .filter({ hasText: `${bulkEmail(54)} now belongs to Keyboard Capital` })
        .waitFor();
      await row.getByText("Keyboard Capital", { exact: true }).waitFor();
      await row.getByRole("link", { name: `Close company name of ${bulkEmail(54)}` }).click();
      await row.getByRole("link", { name: `Change company name of ${bulkEmail(54)}` }).waitFor();

      // A phone shows the page without sideways scrolling (the table scrolls in its own frame).
      const phone = await app.open("/auth?redirectTo=%2Fadmin%2Fusers%3Fq%3Dbulk", viewports.phone);
      await signIn(phone, ADMIN.email, ADMIN.password);
      await phone.waitForURL(app.url + "/admin/users?q=bulk");
      await expect(
        phone.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      ).resolves.toBe(true);
    },
  );

  it("changes an account without JavaScript: the row buttons and the company name editor", async () => {
    const email = `no-script-${unique()}@example.com`;
    const context = await app.browser.newContext({ javaScriptEnabled: false, viewport: viewports.desktop });
    const page = await context.newPage();
    try {
      await page.goto(app.url + "/auth?redirectTo=%2Fadmin%2Fusers");
      await app.signIn(page, ADMIN);
      await page.waitForURL(app.url + "/admin/users");
      const invite = page.getByRole("form", { name: "Invite a client" });
      await invite.getByLabel("Email").fill(email);
      await invite.getByLabel("Company name").fill("Plain Form LLC");
      await invite.getByRole("button", { name: "Send Invitation" }).click();
      await page.getByText(`Invitation sent to ${email}`).waitFor();

      await page.goto(app.url + `/admin/users?q=${encodeURIComponent(email)}`);
      const row = accounts(page).getByRole("row").filter({ hasText: email });
      await row.getByRole("button", { name: `Make admin for ${email}` }).click();
      await page.getByText(`${email} now has the admin role`).waitFor();
      expect(new URL(page.url()).searchParams.get("q")).toBe(email);
      await row.getByRole("listitem").filter({ hasText: "admin" }).waitFor();

      await row.getByRole("link", { name: `Change company name of ${email}` }).click();
      await row.getByLabel(`Company name of ${email}`).fill("Plain Form Two LLC");
      await row.getByRole("button", { name: `Save company name of ${email}` }).click();
      await page.getByText(`${email} now belongs to Plain Form Two LLC`).waitFor();
      await row.getByText("Plain Form Two LLC", { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("accessibility of the account pages", () => {
  it("has no axe violations on sign-in, sign-up, forgot and reset password, and the account page", async () => {
    const failures: string[] = [];
    const page = await app.open("/auth");
    failures.push(...(await axeViolations(page)));
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await panel(page, "Sign Up").getByLabel("Password").fill("abc");
    await panel(page, "Sign Up").getByLabel("Email").fill("x");
    await panel(page, "Sign Up").getByRole("button", { name: "Create Account" }).click();
    await panel(page, "Sign Up").getByText("Invalid email address").waitFor();
    failures.push(...(await axeViolations(page)));
    for (const urlPath of [
      "/auth/forgot-password",
      "/auth/reset-password?token=abc",
      "/auth/reset-password",
    ]) {
      await page.goto(app.url + urlPath, { waitUntil: "networkidle" });
      failures.push(...(await axeViolations(page)));
    }
    await page.goto(app.url + "/auth?redirectTo=%2Faccount", { waitUntil: "networkidle" });
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(app.url + "/account");
    await page.locator("header details").filter({ hasText: "account menu" }).locator("summary").click();
    failures.push(...(await axeViolations(page)));
    expect(failures).toEqual([]);
  });

  it("keeps the tabs usable from the keyboard", async () => {
    const page = await app.open("/auth");
    await page.getByRole("tab", { name: "Sign In" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected")).resolves.toBe(
      "true",
    );
    await panel(page, "Sign Up").waitFor();
    await page.keyboard.press("Home");
    await expect(page.getByRole("tab", { name: "Sign In" }).getAttribute("aria-selected")).resolves.toBe(
      "true",
    );
  });
});

/**
 * A client company with several people (issue 26) in Chromium, on a phone: the owner invites a member
 * from the portal's Team page; the member sets a password from the e-mail, sees the company's leads and
 * none of another company's, takes one and finds it under Mine; the owner removes them and their open
 * portal is signed out. axe at phone and desktop widths on the pages of the journey.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { viewports } from "../support/browser";
import { appForFile, axeAtBothWidths, toast, type TestUser } from "../support/e2e-app";
import { pathOf, waitForMail } from "../support/mail";

const PASSWORD = "Granite-Peak-2024!";
const ADMIN: TestUser = { email: "teams.admin@example.com", password: PASSWORD, role: "admin" };
const OWNER: TestUser = {
  email: "dana@redoak.example",
  password: PASSWORD,
  role: "client",
  firstName: "Dana",
  lastName: "Reyes",
  company: "Red Oak Investments",
};
const OTHER: TestUser = {
  email: "li@bluefin.example",
  password: PASSWORD,
  role: "client",
  company: "Blue Fin Capital",
};
const MEMBER = { email: "kai@redoak.example", password: "Quiet-Harbor-77!" };

const app = appForFile({ name: "client-teams", users: [ADMIN, OWNER, OTHER] });

async function createLead(
  admin: Page,
  [first, last, phone, address]: [string, string, string, string],
  client: string,
) {
  await admin.goto(app.url + "/admin/leads/new", { waitUntil: "networkidle" });
  const form = admin.getByRole("form", { name: "New lead" });
  await form.getByLabel("First name").fill(first);
  await form.getByLabel("Last name").fill(last);
  await form.getByLabel("Phone").fill(phone);
  await form.getByLabel("Address").fill(address);
  await form.getByLabel("City").fill("Boulder");
  await form.getByLabel("State").fill("CO");
  await form.getByLabel("ZIP code").fill("80302");
  await form.getByLabel("Assign to client").selectOption({ label: client });
  await admin.getByRole("button", { name: "Create Lead" }).click();
  await admin.waitForURL(app.url + "/admin/leads");
}

describe("client teams", () => {
  it(
    "an owner invites a member, who works the company's leads on a phone until removed",
    { timeout: 240_000 },
    async () => {
      await app.keepSessions([ADMIN, OWNER]);
      const failures: string[] = [];

      const admin = await app.openAs(ADMIN, "/admin/leads");
      await createLead(
        admin,
        ["Walter", "Brennan", "(303) 555-0177", "88 Juniper Court"],
        "Red Oak Investments",
      );
      await createLead(
        admin,
        ["Greta", "Lindqvist", "303.555.0188", "1420 Pearl St Apt 3B"],
        "Blue Fin Capital",
      );

      const owner = await app.openAs(OWNER, "/client/team", viewports.phone);
      await owner.getByRole("heading", { name: /^Team/, level: 1 }).waitFor();
      const invite = owner.getByRole("form", { name: "Invite a person" });
      await invite.getByLabel("Email").fill("not-an-address");
      await invite.getByRole("button", { name: "Send Invitation" }).click();
      await invite.getByText("Invalid email address").waitFor();
      failures.push(...(await axeAtBothWidths(owner, "/client/team (error)", viewports.phone)));
      await invite.getByLabel("Email").fill(MEMBER.email);
      await invite.getByLabel("First name (optional)").fill("Kai");
      await invite.getByLabel("Last name (optional)").fill("Moreno");
      await invite.getByRole("button", { name: "Send Invitation" }).click();
      await toast(owner, "Success")
        .filter({ hasText: `Invitation sent to ${MEMBER.email}` })
        .waitFor();
      const row = owner.getByRole("row").filter({ hasText: MEMBER.email });
      await row.getByText("Invited").waitFor();
      failures.push(...(await axeAtBothWidths(owner, "/client/team", viewports.phone)));

      const mail = await waitForMail(app.dataDir, MEMBER.email, "Your Leadworks client portal account");
      expect(mail.text).toContain("An owner of Red Oak Investments added you to its team");
      const member = await app.open(pathOf(mail.links[0]!), viewports.phone);
      await member.getByLabel("Password", { exact: true }).fill(MEMBER.password);
      await member.getByLabel("Confirm password").fill(MEMBER.password);
      await member.getByRole("button", { name: "Set Password" }).click();
      await member.waitForURL(app.url + "/auth");
      await app.signIn(member, MEMBER);
      await member.waitForURL(app.url + "/");

      // The company's lead is the member's to see; the other company's is not there at all.
      await member.goto(app.url + "/client/leads", { waitUntil: "networkidle" });
      await member
        .getByRole("link", { name: /Walter Brennan/ })
        .first()
        .waitFor();
      expect(await member.getByText("Lindqvist").count()).toBe(0);
      failures.push(...(await axeAtBothWidths(member, "/client/leads", viewports.phone)));
      await member
        .getByRole("link", { name: /Walter Brennan/ })
        .first()
        .click();
      await member.getByRole("heading", { name: "Walter Brennan", level: 1 }).waitFor();
      const claim = member.getByRole("region", { name: "Who works this lead" });
      await claim.getByText("Nobody on your team has taken this lead yet.").waitFor();
      await claim.getByRole("button", { name: "Take this lead" }).click();
      await toast(member, "Lead taken").waitFor();
      await claim.getByText("You have taken this lead.").waitFor();
      failures.push(...(await axeAtBothWidths(member, "/client/leads/:id", viewports.phone)));

      // On a phone "Taken by" waits behind Filters; Mine is also a quick filter, the same claim=mine.
      await member.goto(app.url + "/client/leads", { waitUntil: "networkidle" });
      await member.getByTitle("Filters").click();
      await member.getByLabel("Taken by").selectOption("unclaimed");
      await member.waitForURL(app.url + "/client/leads?claim=unclaimed");
      await member.getByText("No leads match these filters").waitFor();
      await member
        .getByRole("navigation", { name: "Quick filters" })
        .getByRole("link", { name: "Mine" })
        .click();
      await member.waitForURL(app.url + "/client/leads?claim=mine");
      await expect.poll(() => member.getByLabel("Taken by").inputValue()).toBe("mine");
      await member
        .getByRole("link", { name: /Walter Brennan/ })
        .first()
        .waitFor();

      // The owner sees who took it, then takes Kai off the team: Kai's next step is the sign-in page.
      await owner.goto(app.url + "/client/leads", { waitUntil: "networkidle" });
      await owner
        .getByRole("link", { name: /Walter Brennan/ })
        .first()
        .click();
      await owner.getByText("Kai Moreno has taken this lead.").waitFor();
      await owner.goto(app.url + "/client/team", { waitUntil: "networkidle" });
      await owner
        .getByRole("row")
        .filter({ hasText: MEMBER.email })
        .getByRole("button", { name: `Remove ${MEMBER.email} from the team` })
        .click();
      await toast(owner, "Success").filter({ hasText: "was removed from the team and signed out" }).waitFor();
      expect(await owner.getByRole("row").filter({ hasText: MEMBER.email }).count()).toBe(0);

      await member.goto(app.url + "/client/leads", { waitUntil: "networkidle" });
      await member.waitForURL(/\/auth\?redirectTo=/);

      expect(failures).toEqual([]);
    },
  );
});

/**
 * The built server with FILE_STORAGE=s3 against a local S3-compatible server (s3rver): a resume sent
 * through the careers form in Chromium lands in the bucket, the admin downloads the same bytes through
 * the app (never a bucket URL), a client cannot, and /readyz reports the bucket.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { paths } from "~/lib/site";
import { viewports } from "../support/browser";
import { appForFile, toast, type TestUser } from "../support/e2e-app";
import { startS3Server } from "../support/s3-server";

const ADMIN: TestUser = { email: "files.admin@example.com", password: "Granite-Peak-2024!", role: "admin" };
const CLIENT: TestUser = {
  email: "files.client@example.com",
  password: "Granite-Peak-2024!",
  role: "client",
  company: "Alpha Homes",
};
/** Every byte value and random bytes behind a PDF header. */
const RESUME = Buffer.concat([
  Buffer.from("%PDF-1.7\n%"),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  crypto.randomBytes(200_000),
  Buffer.from("\n%%EOF\n"),
]);

const s3 = await startS3Server();
afterAll(() => s3.stop());
const app = appForFile({ name: "s3", users: [ADMIN, CLIENT], env: s3.env });

const cookieHeader = (user: TestUser) =>
  app
    .sessionOf(user)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");

describe("files in S3", () => {
  it("stores a resume from the careers form in the bucket and streams it to the admin only", async () => {
    const visitor = await app.open(paths.careers, viewports.desktop);
    await visitor.getByLabel("First name").fill("Ann");
    await visitor.getByLabel("Last name").fill("Lee");
    await visitor.getByLabel("Email").fill("ann.lee@example.com");
    await visitor.getByLabel("Position of interest").selectOption("market-research");
    await visitor.getByLabel("Experience level").selectOption("2-3");
    await visitor
      .getByLabel("Cover letter")
      .fill("I build county-level market reports and would love to do it for your clients.");
    await visitor
      .getByLabel("Resume (optional)")
      .setInputFiles({ name: "ann-lee.pdf", mimeType: "application/pdf", buffer: RESUME });
    await visitor.getByRole("button", { name: "Submit Application" }).click();
    await toast(visitor, "Application Submitted!").waitFor();

    const keys = await s3.keys();
    expect(keys).toHaveLength(1);
    expect((await new Response(await (await s3.store()).get(keys[0]!)).arrayBuffer()).byteLength).toBe(
      RESUME.length,
    );

    await app.keepSessions([ADMIN, CLIENT]);
    const admin = await app.openAs(ADMIN, "/admin");
    await admin.getByRole("link", { name: /Career Applications/ }).click();
    const card = admin.getByRole("article", { name: "Application from Ann Lee" });
    const href = (await card.getByRole("link", { name: "View Resume" }).getAttribute("href"))!;
    expect(href).toMatch(/^\/admin\/applications\/[0-9a-f-]{36}\/resume$/);
    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      card.getByRole("link", { name: "View Resume" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("ann-lee.pdf");
    expect(fs.readFileSync((await download.path())!).equals(RESUME)).toBe(true);

    const asAdmin = await app.http(href, { headers: { Cookie: cookieHeader(ADMIN) } });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get("content-disposition")).toMatch(/^attachment; filename="ann-lee.pdf"/);
    expect(asAdmin.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await asAdmin.arrayBuffer()).equals(RESUME)).toBe(true);
    const asClient = await app.http(href, { headers: { Cookie: cookieHeader(CLIENT) } });
    expect(asClient.status).toBe(404);
    expect(await asClient.text()).not.toContain("%PDF");
  });

  it("reports the bucket in /readyz", async () => {
    const answer = await app.http("/readyz");
    expect(answer.status).toBe(200);
    expect((await answer.json()) as unknown).toMatchObject({ status: "ready", checks: { storage: "ok" } });
  });
});

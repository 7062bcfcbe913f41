/**
 * `npm run dev` runs the real server (server/dev.js: server/app.ts with Vite in middleware mode): the
 * job runtime sends a queued e-mail, the request guard refuses a cross-site POST with 403, and pages come
 * with Vite's modules for hot reload.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../support/server-process";

const CONTACT = "/contact/real-estate-lead-generation-services";
let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess({ LOG_FORMAT: "json" }, "server/dev.js");
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

describe("npm run dev", () => {
  it("serves pages with Vite's modules, and Vite's modules themselves", async () => {
    // A page that hydrates for a signed-out visitor: the unsubscribe page (without its link: it says so).
    const page = await fetch(`${server.url}/unsubscribe`);
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('import("/app/entry.client.tsx")');
    // The account pages run their page script instead, from its source.
    expect(await (await fetch(`${server.url}/auth`)).text()).toContain('src="/app/enhance/account-forms.ts"');
    const client = await fetch(`${server.url}/app/entry.client.tsx`);
    expect(client.status).toBe(200);
    expect(client.headers.get("content-type")).toMatch(/javascript/);
  });

  it("gives the contact page its page script from the source, which Vite compiles", async () => {
    const html = await (await fetch(server.url + CONTACT)).text();
    const src = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    expect(src).toBe("/app/enhance/site-forms.ts");
    const script = await fetch(server.url + src!);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect(await script.text()).toContain("enhanceForm");
  });

  it("refuses a cross-site POST with 403, as the production server does", async () => {
    const refused = await fetch(server.url + CONTACT, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=x",
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe("Cross-site request refused.");
  });

  it("runs the jobs: a contact message's e-mails are written by the mail worker", async () => {
    const sent = await fetch(server.url + CONTACT, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "Dev Mode",
        email: "dev.mode@example.com",
        subject: "Testing the dev server",
        message: "Checking that the mail worker runs under npm run dev.",
      }),
    });
    expect(sent.status).toBeLessThan(400);
    const mailDir = path.join(server.dataDir, "mail");
    const deadline = Date.now() + 20_000;
    let files: string[] = [];
    while (Date.now() < deadline) {
      files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith(".eml")) : [];
      if (files.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(files.length).toBeGreaterThan(0);
    const texts = files.map((f) => fs.readFileSync(path.join(mailDir, f), "utf8"));
    expect(texts.some((t) => t.includes("Testing the dev server"))).toBe(true);
  }, 60_000);
});

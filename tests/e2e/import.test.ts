/**
 * CSV import in Chromium (issue 13), on a server of its own: an admin uploads a list, sees the columns
 * recognised, the first rows judged and the whole file checked (issue 24), maps a value the synonym table
 * does not know by keyboard (the check and the start button follow), changes a mapping by keyboard (the
 * preview follows), fixes a failing row in place, assigns
 * every lead to a client, starts, watches it finish, opens the imported leads (the list filtered by the
 * import) and downloads the rejected rows; the client sees their new leads. A refused file says why;
 * a large one refused on its first lines is answered at once (issue 23), its unread rest dropped so
 * that the connection serves the next request.
 * A list of 130 imported leads is paged by Next (by keyboard), Previous, First and the browser's Back on
 * a phone: every lead exactly once, each page the same when it comes back.
 * The server is killed with SIGKILL in the middle of a 30,000-row import and started again: the import
 * resumes and every row arrives exactly once. axe finds nothing on the new pages at phone and desktop
 * widths.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { viewports } from "../support/browser";
import { appForFile, axeViolations, type TestUser } from "../support/e2e-app";
import { leadTableNames } from "../support/lead-table";
import { startServerProcess } from "../support/server-process";

const ADMIN: TestUser = {
  email: "import.admin@example.com",
  password: "Granite-Peak-2024!",
  role: "admin",
  firstName: "Ida",
  lastName: "Importer",
};
const CLIENT: TestUser = {
  email: "desert.client@example.com",
  password: "Harbor-Light-4242",
  role: "client",
  firstName: "Dan",
  lastName: "Dunes",
  company: "Desert Door Homes",
};

const LIST = [
  "Owner First Name,Owner Last Name,Phone 1,Property Address,City,State,Zip,Notes,Source",
  'Ada,Stone,(602) 555-0101,12 Cactus Rd,Phoenix,Arizona,85001,"Inherited, needs work",Cold Calling',
  "Ben,Ortiz,call me,14 Cactus Rd,Phoenix,AZ,85001,,",
  "Cy,Young,602-555-0103,16 Cactus Road,Phoenix,AZ,85001,Tired landlord,Carrier Pigeon",
  "Di,Young,602.555.0103,18 Cactus Rd,Phoenix,AZ,85001,Same phone as Cy,SMS",
].join("\n");

/**
 * POSTs `body` over a connection kept alive, then GETs /healthz: what the first answer said, and whether
 * the second went over the same connection (the same local port: Node's `reusedSocket` stays false for
 * a request that waited for the connection to be free).
 */
async function postThenAskAgain(url: string, body: Buffer, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const call = (method: string, target: string, payload?: Buffer) =>
    new Promise<{ status: number; text: string; port: number | undefined }>((resolve, reject) => {
      const request = http.request(target, { method, agent, headers: method === "POST" ? headers : {} });
      request.setTimeout(20_000, () => request.destroy(new Error(`${method} ${target}: no answer in 20 s`)));
      request.on("error", reject);
      request.on("response", (response) => {
        const port = request.socket?.localPort;
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text, port }));
      });
      request.end(payload);
    });
  try {
    const first = await call("POST", url, body);
    const again = await call("GET", new URL("/healthz", url).href);
    return { ...first, again: { status: again.status, sameConnection: again.port === first.port } };
  } finally {
    agent.destroy();
  }
}

function writeFile(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lw-import-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe("CSV import in the browser", () => {
  const app = appForFile({ name: "import", users: [ADMIN, CLIENT] });
  let importPath = "";
  beforeAll(() => app.keepSessions([ADMIN, CLIENT]));

  it("takes an admin from upload through mapping and preview to the imported leads", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads");
    await page.getByRole("link", { name: "Import CSV" }).click();
    await page.waitForURL(`${app.url}/admin/leads/import`);
    await expect.poll(() => page.getByText("No imports yet").isVisible()).toBe(true);

    await page.getByLabel("CSV file").setInputFiles(writeFile("phoenix-sellers.csv", LIST));
    await page.getByRole("button", { name: "Upload and map columns" }).click();
    await page.waitForURL(/\/admin\/leads\/import\/[0-9a-f-]{36}$/);
    importPath = new URL(page.url()).pathname;
    await expect
      .poll(() => page.getByRole("heading", { name: "phoenix-sellers.csv" }).isVisible())
      .toBe(true);

    // Recognised headers are mapped; the preview judges each row with the lead form's messages, and the
    // whole file is checked. A value nothing matches keeps no one out: it imports as Other.
    await expect.poll(() => page.getByLabel("Column “Phone 1” imports as").inputValue()).toBe("phone");
    await expect.poll(() => page.getByLabel("Column “Notes” imports as").inputValue()).toBe("situationNotes");
    const preview = page.getByRole("table", { name: "Preview" });
    const judged = [
      expect.stringMatching(/^row/i),
      expect.stringMatching(/Ada Stone[\s\S]*Ready/),
      expect.stringMatching(/Ben Ortiz[\s\S]*Invalid phone number format/),
      expect.stringMatching(/Cy Young[\s\S]*Ready/),
      expect.stringMatching(/Di Young[\s\S]*Possible duplicate of row 4 of this file \(same phone\)/),
    ];
    await expect.poll(() => preview.getByRole("row").allInnerTexts()).toEqual(judged);
    const problems = page.getByRole("list", { name: "Problems" });
    await expect.poll(() => problems.innerText()).toMatch(/^1 row: Invalid phone number format/);
    await expect
      .poll(() => page.getByRole("button", { name: /^Import / }).innerText())
      .toBe("Import 2 leads, skip 1 with problems, skip 1 possible duplicate");

    // The value mapping: each value pre-chosen and how it was matched; the unknown one changed by keyboard.
    await expect
      .poll(() => page.getByLabel("Lead source “Cold Calling” imports as").inputValue())
      .toBe("cold_call");
    await expect.poll(() => page.getByLabel("Lead source “SMS” imports as").inputValue()).toBe("other");
    const pigeon = page.getByLabel("Lead source “Carrier Pigeon” imports as");
    await expect.poll(() => pigeon.inputValue()).toBe("other");
    const values = page.getByRole("table", { name: "Lead source values" });
    await expect
      .poll(() => values.getByRole("row").filter({ hasText: "Carrier Pigeon" }).innerText())
      .toMatch(/No close match: the default/);
    await expect
      .poll(() => values.getByRole("row").filter({ hasText: "Cold Calling" }).innerText())
      .toMatch(/Recognised/);
    await pigeon.focus();
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => pigeon.inputValue()).toBe("referral");
    await expect.poll(() => preview.getByRole("row").allInnerTexts()).toEqual(judged);
    await expect
      .poll(() => page.getByRole("button", { name: /^Import / }).innerText())
      .toBe("Import 2 leads, skip 1 with problems, skip 1 possible duplicate");

    // By keyboard: the Phone 1 column left out, and the preview follows at once.
    const phoneColumn = page.getByLabel("Column “Phone 1” imports as");
    await phoneColumn.focus();
    await page.keyboard.press("Home");
    await expect.poll(() => phoneColumn.inputValue()).toBe("");
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: "Map a column to Phone" }).isVisible())
      .toBe(true);
    await phoneColumn.selectOption("phone");
    await expect.poll(() => preview.getByText("Ready").count()).toBe(2);

    await page.getByLabel("Assign every lead to").selectOption({ label: "Desert Door Homes" });
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page, `mapping ${name}`)).toEqual([]);
    }
    await page.setViewportSize(viewports.desktop);

    // Fixed in place: Ben's phone corrected in the grid of failing rows, checked again on its button.
    const benRow = page.getByRole("group", { name: "Row 3" });
    await expect.poll(() => benRow.innerText()).toMatch(/Invalid phone number format/);
    await benRow.getByLabel("Phone 1").fill("602-555-0102");
    await page.getByRole("button", { name: "Check again with these fixes" }).click();
    await expect
      .poll(() => page.getByRole("button", { name: /^Import / }).innerText())
      .toBe("Import 3 leads, skip 1 possible duplicate");
    await expect.poll(() => page.getByRole("group", { name: "Row 3" }).count()).toBe(0);
    await page.getByRole("button", { name: "Import 3 leads, skip 1 possible duplicate" }).click();
    await expect
      .poll(() => page.getByRole("heading", { name: "Import finished" }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    const figure = (label: string) =>
      page.locator("dt", { hasText: label }).locator("xpath=../dd").innerText();
    expect([await figure("Imported"), await figure("Rejected"), await figure("Possible duplicates")]).toEqual(
      ["3", "1", "1"],
    );
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page, `result ${name}`)).toEqual([]);
    }
    await page.setViewportSize(viewports.desktop);

    // The rejected rows, with their reasons, as the browser downloads them.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download rejected rows (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("phoenix-sellers-rejected.csv");
    const rejected = fs.readFileSync((await download.path())!, "utf8");
    expect(rejected.split(/\r?\n/)[0]).toBe(`\uFEFF${LIST.split("\n")[0]},reason`);
    expect(rejected).toContain("Possible duplicate of row 4 of this file (same phone)");

    await page.getByRole("link", { name: "View the imported leads" }).click();
    await page.waitForURL(/\/admin\/leads\?import=/);
    await expect
      .poll(() => page.getByRole("link", { name: /Import: phoenix-sellers\.csv/ }).isVisible())
      .toBe(true);
    await expect
      .poll(() => leadTableNames(page).then((n) => [...n].sort()))
      .toEqual(["Ada Stone", "Ben Ortiz", "Cy Young"]);

    // The lead says how it arrived; the client has both in their portal.
    await page.getByRole("link", { name: "Ada Stone", exact: true }).first().click();
    await expect
      .poll(() => page.getByRole("link", { name: "Import of phoenix-sellers.csv" }).isVisible())
      .toBe(true);
    const client = await app.openAs(CLIENT, "/client/leads");
    await expect.poll(() => client.getByText("Ada Stone").count()).toBeGreaterThan(0);
    await expect.poll(() => client.getByText("Cy Young").count()).toBeGreaterThan(0);
  });

  it("lists the import, warns before importing the same file again, and says why a file is refused", async () => {
    const page = await app.openAs(ADMIN, "/admin/leads/import");
    const imports = page.getByRole("table", { name: "Imports" });
    await expect
      .poll(() => imports.getByRole("row").nth(1).innerText())
      .toMatch(/phoenix-sellers\.csv[\s\S]*Done/);
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page, `imports ${name}`)).toEqual([]);
    }
    await page.setViewportSize(viewports.desktop);

    // Written as Latin-1 bytes, as old spreadsheets save it.
    const latin1 = writeFile("latin1.csv", "");
    fs.writeFileSync(latin1, Buffer.from("Name,Phone\nJ\xe9r\xf4me,1\n", "latin1"));
    await page.getByLabel("CSV file").setInputFiles(latin1);
    await page.getByRole("button", { name: "Upload and map columns" }).click();
    await expect
      .poll(() => page.getByText('This file is not UTF-8 text. Save it as "CSV UTF-8"').isVisible())
      .toBe(true);
    expect(await page.getByLabel("CSV file").getAttribute("aria-invalid")).toBe("true");
    app.pages.expectRefusal(page, 422);

    await page.getByLabel("CSV file").setInputFiles(writeFile("again.csv", LIST));
    await page.getByRole("button", { name: "Upload and map columns" }).click();
    await page.waitForURL(/\/admin\/leads\/import\/[0-9a-f-]{36}$/);
    const warning = page.getByRole("alert").filter({ hasText: "This exact file was imported before" });
    await expect.poll(() => warning.isVisible()).toBe(true);
    await expect
      .poll(() => warning.getByRole("link", { name: "phoenix-sellers.csv" }).getAttribute("href"))
      .toBe(importPath);
    await expect.poll(() => page.getByRole("button", { name: "Import again anyway" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Discard upload" }).click();
    await page.waitForURL(`${app.url}/admin/leads/import`);
  });

  it("answers a large file refused after its first chunk at once, with the reason, and keeps the connection", async () => {
    const cookie = app
      .sessionOf(ADMIN)
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    const cells = (row: number, columns: number) =>
      Array.from({ length: columns }, (_, j) => `value ${row}-${j}`).join(",");
    const rows = (count: number, columns: number) =>
      Array.from({ length: count }, (_, i) => cells(i, columns)).join("\n");
    const strayQuote =
      "Row 2: a quote in the middle of a value. Values with quotes must be quoted as a whole, with the quotes doubled.";
    const refused = [
      {
        name: "a 200,000-character first line",
        text: `${"a".repeat(200_000)}\n1\n`,
        message: "Row 1: the row is longer than 100,000 characters.",
      },
      {
        name: "101 columns",
        text: `${Array.from({ length: 101 }, (_, j) => `Column ${j}`).join(",")}\n${rows(480, 101)}`,
        message: "The file has 101 columns; a list can have at most 100.",
      },
      { name: "a stray quote in row 2", text: `Name,Phone\nJo"e,1\n${rows(15_000, 2)}`, message: strayQuote },
      {
        name: "a stray quote in row 2, 40 MB",
        text: `Name,Phone\nJo"e,1\n${"Ann,+14805550100\n".repeat(2_400_000)}`,
        message: strayQuote,
      },
    ];
    const timings: string[] = [];
    for (const { name, text, message } of refused) {
      const label = `${name} (${Math.round(text.length / 1024).toLocaleString("en-US")} KB)`;
      expect(text.length, label).toBeGreaterThan(64 * 1024);
      const form = new FormData();
      form.set("file", new File([text], "refused.csv", { type: "text/csv" }));
      // fetch stops sending once it has the answer; Node's client below sends the whole body.
      let started = performance.now();
      const response = await fetch(`${app.url}/admin/leads/import`, {
        method: "POST",
        body: form,
        headers: { Cookie: cookie },
        signal: AbortSignal.timeout(20_000),
      });
      const html = await response.text();
      const fetchMillis = Math.round(performance.now() - started);
      expect(response.status, label).toBe(422);
      expect(html, label).toContain(message);

      const encoded = new Request(app.url, { method: "POST", body: form });
      const body = Buffer.from(await encoded.arrayBuffer());
      started = performance.now();
      const kept = await postThenAskAgain(`${app.url}/admin/leads/import`, body, {
        "Content-Type": encoded.headers.get("content-type")!,
        Cookie: cookie,
      });
      const keptMillis = Math.round(performance.now() - started);
      expect(kept.status, label).toBe(422);
      expect(kept.text, label).toContain(message);
      // The rest of the body was read and dropped, not cut off: the same connection answers again.
      expect(kept.again, label).toEqual({ status: 200, sameConnection: true });

      timings.push(
        `${label}: ${fetchMillis} ms (fetch), ${keptMillis} ms (Node client, then /healthz on the same connection)`,
      );
      // Generous for a busy machine: before the fix each waited for ten minutes and more.
      expect(fetchMillis, label).toBeLessThan(10_000);
      expect(keptMillis, label).toBeLessThan(10_000);
    }
    console.log(`[import refusals] ${timings.join("; ")}`);
  });

  it("pages through a long list by Next, Previous and First, every lead once, on a phone too", async () => {
    // 130 leads in one import: the list filtered by it has three pages of 50, 50 and 30.
    const lines = ["first_name,last_name,phone,address,city,state,zip_code"];
    for (let i = 0; i < 130; i++) {
      lines.push(
        `Pager${String(i).padStart(3, "0")},Mesa,+1480${3_000_000 + i},${i} Palo Verde Dr,Mesa,AZ,85201`,
      );
    }
    const page = await app.openAs(ADMIN, "/admin/leads/import", viewports.phone);
    await page.getByLabel("CSV file").setInputFiles(writeFile("mesa-sellers.csv", lines.join("\n")));
    await page.getByRole("button", { name: "Upload and map columns" }).click();
    await page.waitForURL(/\/admin\/leads\/import\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: "Import 130 leads" }).click();
    await expect
      .poll(() => page.getByRole("heading", { name: "Import finished" }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    await page.getByRole("link", { name: "View the imported leads" }).click();
    await page.waitForURL(/\/admin\/leads\?import=/);

    const pager = page.getByRole("navigation", { name: "Pages" });
    const seen: string[] = [];
    const readPage = async (range: string) => {
      await pager.getByText(range).waitFor();
      return leadTableNames(page);
    };
    for (const range of ["1–50 of 130 leads", "51–100 of 130 leads", "101–130 of 130 leads"]) {
      seen.push(...(await readPage(range)));
      const next = pager.getByRole("link", { name: "Next page" });
      if (range.startsWith("101")) {
        expect(await pager.getByRole("button", { name: "Next page" }).isDisabled()).toBe(true);
      } else {
        // By keyboard: the pager's links are reachable and follow Enter.
        await next.focus();
        await page.keyboard.press("Enter");
        await page.waitForURL(/after=/);
      }
    }
    // Every imported lead exactly once, newest first (the import wrote them in file order).
    expect(new Set(seen).size).toBe(130);
    expect(seen.every((name) => /^Pager\d{3} Mesa$/.test(name))).toBe(true);

    // Previous gives back exactly the pages before; Back in the browser too; First from the last page.
    const link = (name: string) => pager.getByRole("link", { name });
    await link("Previous page").click();
    expect(await readPage("51–100 of 130 leads")).toEqual(seen.slice(50, 100));
    await link("Previous page").click();
    expect(await readPage("1–50 of 130 leads")).toEqual(seen.slice(0, 50));
    await page.goBack();
    expect(await readPage("51–100 of 130 leads")).toEqual(seen.slice(50, 100));
    await link("Next page").click();
    expect(await readPage("101–130 of 130 leads")).toEqual(seen.slice(100));
    await link("First page").click();
    expect(await readPage("1–50 of 130 leads")).toEqual(seen.slice(0, 50));
    expect(await axeViolations(page, "paged list phone")).toEqual([]);
  });

  it("resumes an import after the server is killed mid-way: every row once", async () => {
    const rows = 30_000;
    const lines = ["first_name,last_name,phone,address,city,state,zip_code"];
    for (let i = 0; i < rows; i++) {
      lines.push(`Seller${i},Bulk,+1480${String(5_000_000 + i)},${i} Saguaro Way,Tempe,AZ,85281`);
    }
    const page = await app.openAs(ADMIN, "/admin/leads/import");
    await page.getByLabel("CSV file").setInputFiles(writeFile("big.csv", lines.join("\n")));
    await page.getByRole("button", { name: "Upload and map columns" }).click();
    await page.waitForURL(/\/admin\/leads\/import\/[0-9a-f-]{36}$/);
    const bigPath = new URL(page.url()).pathname;
    await page.getByRole("button", { name: "Import 30,000 leads" }).click();
    // Progress moves live; once some rows are in, the server dies without warning.
    const bar = page.getByRole("progressbar", { name: "Rows imported" });
    await expect
      .poll(() => bar.getAttribute("aria-valuenow").then(Number), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await page.close();
    process.kill(app.process.pid, "SIGKILL");
    await expect
      .poll(() =>
        app.http("/").then(
          () => "up",
          () => "down",
        ),
      )
      .toBe("down");

    const restarted = await startServerProcess({ DATA_DIR: app.dataDir });
    try {
      const cookie = app
        .sessionOf(ADMIN)
        .map((c) => `${c.name}=${c.value}`)
        .join("; ");
      const status = async () => {
        const html = await (await fetch(restarted.url + bigPath, { headers: { Cookie: cookie } })).text();
        return /Import finished/.test(html) ? html : "running";
      };
      await expect.poll(status, { timeout: 120_000, interval: 1_000 }).not.toBe("running");
      const html = await status();
      expect(html).toMatch(/Imported<\/dt><dd[^>]*>30,000</);
      expect(html).toMatch(/Rejected<\/dt><dd[^>]*>0</);
      // Exactly once: a batch written twice would meet its own rows as duplicates and reject them.
      expect(html).toMatch(/Possible duplicates<\/dt><dd[^>]*>0</);
    } finally {
      await restarted.stop();
    }
  }, 240_000);
});

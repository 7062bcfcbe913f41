/**
 * The import routes as a browser calls them (issue 13), on both databases: every loader and action
 * refuses anonymous visitors, plain users and clients, changing nothing; an admin uploads a list and is
 * taken to its mapping page, gets a clear 4xx for a file that is not a list, saves a mapping, starts,
 * cancels, discards, and downloads the rejected rows; the list filters by import.
 */
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { leadImports, leads, user } from "~/db/schema";
import { addSource, listSourceOptions } from "~/features/leads/sources/sources.server";
import { permissionsOf } from "~/lib/permissions";
import { claimJob, runJob } from "~/features/leads/import/job.server";
import { csvFileMessages } from "~/features/leads/import/import.schema";
import { PHONE_MESSAGE } from "~/features/leads/leads.schema";
import { action as uploadAction, loader as importsLoader } from "~/routes/admin/leads/import";
import { action as importAction, loader as importLoader } from "~/routes/admin/leads/import-detail";
import { loader as rejectedLoader } from "~/routes/admin/leads/import-rejected";
import { loader as listLoader } from "~/routes/admin/leads/list";
import { testDatabases } from "../support/databases";
import { confirmedUser, sessionCookie, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import {
  ORIGIN,
  answer,
  callRoute,
  statusOf,
  formRequest,
  getRequest,
  redirectOf,
} from "../support/route-calls";

stubAuthEnv();

const PASSWORD = "Harbor-Light-42";
type Account = "plain" | "client" | "admin";
type Who = "anonymous" | Account;
const roles: Record<Account, "admin" | "client" | undefined> = {
  plain: undefined,
  client: "client",
  admin: "admin",
};

const CSV = [
  "First Name,Last Name,Phone,Address,City,State,ZIP",
  "Ada,Stone,(602) 555-0101,12 Cactus Rd,Phoenix,AZ,85001",
  "Ben,Ortiz,call me,14 Cactus Rd,Phoenix,AZ,85001",
  "Cy,Young,602-555-0103,16 Cactus Road,Phoenix,Arizona,85001",
].join("\n");

const run = callRoute;

describe.each(testDatabases)("import routes on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const cookies = {} as Record<Account, string>;
  const db = () => database.db;

  beforeAll(async () => {
    for (const who of ["plain", "client", "admin"] as const) {
      const email = `import-${who}@example.com`;
      await confirmedUser({
        email,
        password: PASSWORD,
        role: roles[who],
        firstName: who,
        lastName: "Tester",
      });
      cookies[who] = await sessionCookie(email, PASSWORD);
    }
  });

  const cookieOf = (who: Who) => (who === "anonymous" ? {} : { cookie: cookies[who] });
  const get = (who: Who, path: string) => getRequest(path, cookieOf(who));
  const post = (who: Who, path: string, fields: Record<string, string>) =>
    formRequest(path, fields, cookieOf(who));
  const upload = (who: Who, bytes: BlobPart, name = "list.csv") => {
    const form = new FormData();
    form.set("file", new File([bytes], name, { type: "text/csv" }));
    return new Request(`${ORIGIN}/admin/leads/import`, {
      method: "POST",
      body: form,
      headers: { ...(who === "anonymous" ? {} : { Cookie: cookies[who] }), "User-Agent": "vitest" },
    });
  };
  const importCount = async () => Number((await db().select({ n: count() }).from(leadImports))[0]!.n);

  /** The settings form as the mapping page posts it: the guessed mapping and the defaults. */
  const settingsForm = (intent: string, extra: Record<string, string> = {}) => ({
    intent,
    "mapping[0]": "firstName",
    "mapping[1]": "lastName",
    "mapping[2]": "phone",
    "mapping[3]": "address",
    "mapping[4]": "city",
    "mapping[5]": "state",
    "mapping[6]": "zipCode",
    propertyType: "single_family",
    motivationLevel: "warm",
    leadSource: "referral",
    assignToClientId: "",
    duplicates: "skip",
    ...extra,
  });

  async function uploaded(): Promise<string> {
    const { location } = redirectOf(await run(uploadAction, upload("admin", CSV)));
    const id = location.split("/").at(-1)!;
    expect(location).toBe(`/admin/leads/import/${id}`);
    return id;
  }

  it.each(["anonymous", "plain", "client"] as const)(
    "refuses every import route to %s, changing nothing",
    async (who) => {
      const id = await uploaded();
      const before = await db().select().from(leadImports).orderBy(leadImports.id);
      const expectRefused = (result: unknown, path: string) => {
        const { location } = redirectOf(result);
        expect(location, path).toBe(
          who === "anonymous" ? `/auth?redirectTo=${encodeURIComponent(path)}` : "/",
        );
      };
      expectRefused(await run(importsLoader, get(who, "/admin/leads/import")), "/admin/leads/import");
      expectRefused(
        await run(importLoader, get(who, `/admin/leads/import/${id}`), { id }),
        `/admin/leads/import/${id}`,
      );
      expectRefused(await run(uploadAction, upload(who, CSV)), "/admin/leads/import");
      for (const intent of ["start", "preview", "discard", "cancel"]) {
        expectRefused(
          await run(importAction, post(who, `/admin/leads/import/${id}`, settingsForm(intent)), { id }),
          `/admin/leads/import/${id}`,
        );
      }
      // The download answers 404 to anyone but an admin: it does not even say the import exists.
      const refused = await run(rejectedLoader, get(who, `/admin/leads/import/${id}/rejected.csv`), { id });
      expect(statusOf(refused)).toBe(404);
      expect(await db().select().from(leadImports).orderBy(leadImports.id)).toEqual(before);
    },
  );

  it("answers a file that is not a list with 422 and the reason, storing nothing", async () => {
    const before = await importCount();
    const latin1 = new Uint8Array([...new TextEncoder().encode("Name,Phone\n"), 0x4a, 0xe9, 0x0a]);
    for (const [bytes, message] of [
      [latin1, csvFileMessages.notUtf8],
      ["Name,Phone\n", csvFileMessages.noRows],
      [new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]), csvFileMessages.notText],
    ] as const) {
      const { status, data } = answer(await run(uploadAction, upload("admin", bytes)));
      expect(status).toBe(422);
      expect(data).toMatchObject({ ok: false, fileError: message });
    }
    const none = new Request(`${ORIGIN}/admin/leads/import`, {
      method: "POST",
      body: new FormData(),
      headers: { Cookie: cookies.admin, "User-Agent": "vitest" },
    });
    expect(answer(await run(uploadAction, none))).toMatchObject({
      status: 400,
      data: { fileError: csvFileMessages.missing },
    });
    expect(await importCount()).toBe(before);
  });

  it("takes an admin from upload to mapping, preview, start and result; the list filters by the import", async () => {
    const id = await uploaded();
    const page = (await run(importLoader, get("admin", `/admin/leads/import/${id}`), { id })) as {
      detail: { status: string; totalRows: number; headers: string[] };
      preview: { row: number; ok: boolean; reason?: string }[];
    };
    expect(page.detail).toMatchObject({ status: "mapping", totalRows: 3 });
    expect(page.preview.map((p) => (p.ok ? "ok" : p.reason))).toEqual([
      "ok",
      "Invalid phone number format (use E.164 format, e.g., +12025551234)",
      "ok",
    ]);

    // A tampered target is refused with 400; a mapping without the phone cannot start.
    const tampered = answer(
      await run(
        importAction,
        post("admin", `/admin/leads/import/${id}`, settingsForm("preview", { "mapping[0]": "isSold" })),
        { id },
      ),
    );
    expect(tampered.status).toBe(400);
    const noPhone = answer(
      await run(
        importAction,
        post("admin", `/admin/leads/import/${id}`, settingsForm("start", { "mapping[2]": "" })),
        { id },
      ),
    );
    expect(noPhone).toMatchObject({
      status: 400,
      data: { toast: { text: "Map a column to Phone: every lead needs it." } },
    });
    expect((await db().select().from(leadImports).where(eq(leadImports.id, id)))[0]!.status).toBe("mapping");

    const started = redirectOf(
      await run(importAction, post("admin", `/admin/leads/import/${id}`, settingsForm("start")), { id }),
    );
    expect(started.location).toBe(`/admin/leads/import/${id}`);
    expect(started.flash).toMatchObject({ kind: "success", title: "Import started" });
    // Starting twice does nothing more.
    expect(
      answer(
        await run(importAction, post("admin", `/admin/leads/import/${id}`, settingsForm("start")), { id }),
      ).status,
    ).toBe(409);

    const job = (await claimJob(db(), "route-test"))!;
    await runJob(db(), job, "route-test");
    const done = (await run(importLoader, get("admin", `/admin/leads/import/${id}`), { id })) as {
      detail: { status: string; imported: number; rejected: number };
    };
    expect(done.detail).toMatchObject({ status: "done", imported: 2, rejected: 1 });
    const imported = await db().select().from(leads).where(eq(leads.importId, id));
    expect(imported.map((l) => l.leadSource)).toEqual(["referral", "referral"]);

    const csv = (await run(rejectedLoader, get("admin", `/admin/leads/import/${id}/rejected.csv`), {
      id,
    })) as Response;
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="list-rejected.csv"');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM spreadsheets look for
    const text = new TextDecoder().decode(bytes);
    expect(text.split(/\r?\n/)[0]).toBe("First Name,Last Name,Phone,Address,City,State,ZIP,reason");
    expect(text).toContain(
      'Ben,Ortiz,call me,14 Cactus Rd,Phoenix,AZ,85001,"Invalid phone number format (use E.164',
    );

    const list = (await run(listLoader, get("admin", `/admin/leads?import=${id}`))) as {
      list: { rows: { firstName: string }[] };
      importName: string;
    };
    expect(list.importName).toBe("list.csv");
    expect(list.list.rows.map((r) => r.firstName).sort()).toEqual(["Ada", "Cy"]);
  });

  it("checks the whole file on upload and with every save; maps values as posted, refusing a tampered choice", async () => {
    const file = [
      "Owner Name,Phone,Address,City,State,ZIP,Lead Source",
      '"Stone, Ada",(602) 555-0201,112 Saguaro Way,Phoenix,AZ,85001,Cold Calling',
      // An unknown source keeps no one out (it imports as Other); a phone that is not one does.
      "Ben Ortiz,call me,114 Saguaro Way,Phoenix,arizona,85001,Carrier Pigeon",
      "Cy Young,602.555.0203,116 Saguaro Way,Phoenix,AZ,85001,carrier pigeon",
    ].join("\n");
    const { location } = redirectOf(await run(uploadAction, upload("admin", file, "pigeons.csv")));
    const id = location.split("/").at(-1)!;
    type Page = {
      detail: {
        check: {
          willImport: number;
          problems: { message: string; rows: number }[];
          values: Record<string, { values: { key: string; suggested: string | null }[] }>;
        };
      };
    };
    const page = async () => (await run(importLoader, get("admin", location), { id })) as Page;
    const first = (await page()).detail.check;
    expect(first.willImport).toBe(2);
    expect(first.problems).toEqual([expect.objectContaining({ message: PHONE_MESSAGE, rows: 1 })]);
    expect(first.values.leadSource!.values.map((v) => [v.key, v.suggested])).toEqual([
      ["carrierpigeon", "other"],
      ["coldcalling", "cold_call"],
    ]);

    const form = (extra: Record<string, string>) => ({
      intent: "preview",
      "mapping[0]": "fullName",
      "mapping[1]": "phone",
      "mapping[2]": "address",
      "mapping[3]": "city",
      "mapping[4]": "state",
      "mapping[5]": "zipCode",
      "mapping[6]": "leadSource",
      propertyType: "single_family",
      motivationLevel: "warm",
      leadSource: "cold_call",
      assignToClientId: "",
      duplicates: "skip",
      ...extra,
    });
    for (const tampered of <Record<string, string>[]>[
      { "value.leadSource.carrierpigeon": "castle" },
      { "value.isSold.carrierpigeon": "other" },
      { "value.leadSource.Carrier Pigeon": "other" },
    ]) {
      const refused = answer(await run(importAction, post("admin", location, form(tampered)), { id }));
      expect(refused).toMatchObject({
        status: 400,
        data: { toast: { text: "Choose what this value imports as" } },
      });
    }
    expect((await page()).detail.check.willImport).toBe(2);
    // A fix for a row the check does not list as failing (it passed meanwhile, or a tampered post)
    // changes nothing; a fixed value longer than any field is refused.
    const stale = answer(
      await run(importAction, post("admin", location, form({ fixRow: "2", "fix.2.1": "x" })), { id }),
    );
    expect(stale.status).toBe(200);
    const huge = answer(
      await run(importAction, post("admin", location, form({ fixRow: "3", "fix.3.1": "9".repeat(5_001) })), {
        id,
      }),
    );
    expect(huge).toMatchObject({
      status: 400,
      data: { toast: { text: "A value of a fixed row is longer than 5,000 characters." } },
    });
    expect((await db().select().from(leadImports).where(eq(leadImports.id, id)))[0]!.settings!.fixes).toEqual(
      {},
    );

    const saved = answer(
      await run(
        importAction,
        post("admin", location, form({ "value.leadSource.carrierpigeon": "referral" })),
        { id },
      ),
    );
    expect(saved.status).toBe(200);
    expect((await page()).detail.check).toMatchObject({ willImport: 2, problems: [{ rows: 1 }] });

    await run(importAction, post("admin", location, { ...form({}), intent: "start" }), { id });
    await runJob(db(), (await claimJob(db(), "route-test"))!, "route-test");
    const imported = await db().select().from(leads).where(eq(leads.importId, id));
    expect(imported.map((l) => [l.firstName, l.lastName, l.leadSource, l.state]).sort()).toEqual([
      ["Ada", "Stone", "cold_call", "AZ"],
      ["Cy", "Young", "referral", "AZ"],
    ]);
  });

  it("lets an admin discard an upload not started, and cancel a queued import", async () => {
    const discardId = await uploaded();
    const discarded = redirectOf(
      await run(importAction, post("admin", `/admin/leads/import/${discardId}`, { intent: "discard" }), {
        id: discardId,
      }),
    );
    expect(discarded.location).toBe("/admin/leads/import");
    expect(await db().select().from(leadImports).where(eq(leadImports.id, discardId))).toEqual([]);

    const id = await uploaded();
    await run(importAction, post("admin", `/admin/leads/import/${id}`, settingsForm("start")), { id });
    const cancelled = redirectOf(
      await run(importAction, post("admin", `/admin/leads/import/${id}`, { intent: "cancel" }), { id }),
    );
    expect(cancelled.flash).toMatchObject({ title: "Import cancelled" });
    expect((await db().select().from(leadImports).where(eq(leadImports.id, id)))[0]!.status).toBe(
      "cancelled",
    );
    // Not found for an unknown or malformed id.
    for (const missing of ["00000000-0000-4000-8000-00000000dead", "nope"]) {
      const result = await run(importLoader, get("admin", `/admin/leads/import/${missing}`), { id: missing });
      expect(statusOf(result)).toBe(404);
    }
    // The user table was not touched by any of this.
    expect(Number((await db().select({ n: count() }).from(user))[0]!.n)).toBe(3);
  });

  it("proposes a common source no source matches as a new one, matches the agency's own, and adds it on start", async () => {
    const admin = { id: "import-sources", permissions: permissionsOf(["admin"]) };
    if (!(await listSourceOptions()).some((s) => s.label === "Probate List"))
      await addSource(admin, "Probate List");
    const words = [
      ...Array.from({ length: 10 }, () => "Facebook  Ads"),
      "probate lists",
      "PROBATE LIST",
      "Probate List",
      "Carrier Pigeon",
    ];
    const file = [
      "Owner Name,Phone,Address,City,State,ZIP,Lead Source",
      ...words.map(
        (word, i) => `Seller ${i},(480) 555-${String(1300 + i)},${300 + i} Mesa Drive,Mesa,AZ,85201,${word}`,
      ),
    ].join("\n");
    const { location } = redirectOf(await run(uploadAction, upload("admin", file, "sources.csv")));
    const id = location.split("/").at(-1)!;
    const page = (await run(importLoader, get("admin", location), { id })) as {
      detail: {
        check: {
          values: Record<string, { values: { key: string; value: string; suggested: string | null }[] }>;
        };
      };
    };
    const found = page.detail.check.values.leadSource!.values;
    expect(found.map((v) => [v.key, v.suggested])).toEqual([
      ["facebookads", "+new"],
      ["probatelist", "probate_list"],
      ["carrierpigeon", "other"],
      ["probatelists", "probate_list"],
    ]);
    // The page posts each value's select as it stands: the proposals accepted.
    const fields: Record<string, string> = {
      intent: "start",
      "mapping[0]": "fullName",
      "mapping[1]": "phone",
      "mapping[2]": "address",
      "mapping[3]": "city",
      "mapping[4]": "state",
      "mapping[5]": "zipCode",
      "mapping[6]": "leadSource",
      propertyType: "single_family",
      motivationLevel: "warm",
      leadSource: "cold_call",
      assignToClientId: "",
      duplicates: "skip",
      ...Object.fromEntries(found.map((v) => [`value.leadSource.${v.key}`, v.suggested ?? ""])),
    };
    expect(redirectOf(await run(importAction, post("admin", location, fields), { id })).location).toBe(
      location,
    );
    const job = (await claimJob(db(), "sources-test"))!;
    await runJob(db(), job, "sources-test");
    const added = (await listSourceOptions()).find((s) => s.label === "Facebook Ads");
    expect(added).toMatchObject({ value: "facebook_ads", retired: false });
    const imported = await db()
      .select({ source: leads.leadSource, words: leads.valuesInFile })
      .from(leads)
      .where(eq(leads.importId, id));
    const bySource: Record<string, number> = {};
    for (const lead of imported) bySource[lead.source] = (bySource[lead.source] ?? 0) + 1;
    expect(bySource).toEqual({ facebook_ads: 10, probate_list: 3, other: 1 });
    expect(imported.find((l) => l.source === "other")?.words).toEqual({ leadSource: "Carrier Pigeon" });
  });
});

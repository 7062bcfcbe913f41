/** The submissions dashboard's data layer on both databases: access, order, pages, search, export, realtime. */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { careerApplications, contactSubmissions, storedFiles } from "~/db/schema";
import { submitContactMessage } from "~/features/contact/contact.server";
import { parseListQuery } from "~/features/submissions/submissions.schema";
import {
  dashboardCounts,
  exportCsv,
  listCareerApplications,
  listContactSubmissions,
  resumeFile,
  setHandled,
  weeklyCounts,
} from "~/features/submissions/submissions.server";
import { SUBMISSIONS_CHANNEL } from "~/lib/realtime.server";
import { testDatabases } from "../support/databases";
import { useTestDatabase } from "../support/integration-fixtures";
import { NotAllowedError, permissionsOf } from "~/lib/permissions";

process.env.IP_RATE_LIMITS = "off";

const admin = { id: "00000000-0000-4000-8000-000000000001", permissions: permissionsOf(["admin"]) };
const query = (search = "") => parseListQuery(new URL(`http://x/admin?${search}`));

describe.each(testDatabases)("submissions on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  let applicationId = "";

  beforeAll(async () => {
    await database.db.execute(
      sql`insert into "user" (id, name, email) values (${admin.id}, 'Ada Admin', 'ada@example.com')`,
    );
    // 120 contact messages a minute apart: #119 is the newest.
    const base = Date.UTC(2026, 10, 1, 12, 0, 0);
    await database.db.insert(contactSubmissions).values(
      Array.from({ length: 120 }, (_, i) => ({
        name: i === 7 ? "Zelda Quint" : `Sender ${i}`,
        email: i === 8 ? "quint@example.com" : `sender${i}@example.com`,
        subject: i === 9 ? "Quint county leads" : `Subject ${i}`,
        message: i === 10 ? '=HYPERLINK("http://evil")' : `Message ${i}`,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const [file] = await database.db
      .insert(storedFiles)
      .values({
        fileName: "cv.pdf",
        contentType: "application/pdf",
        sizeBytes: 5,
        sha256: "x",
        data: Buffer.from("%PDF-"),
      })
      .returning();
    const [application] = await database.db
      .insert(careerApplications)
      .values({
        firstName: "Ann",
        lastName: "Lee",
        email: "ann@example.com",
        positionInterest: "cold-calling",
        experienceLevel: "4-5",
        coverLetter: "x".repeat(60),
        resumeFileId: file!.id,
      })
      .returning();
    applicationId = application!.id;
  });

  it("refuses every query and command to anyone who is not an admin", async () => {
    for (const actor of [null, { id: "u", permissions: permissionsOf([]) }]) {
      const asAny = actor as unknown as typeof admin;
      await expect(dashboardCounts(asAny)).rejects.toBeInstanceOf(NotAllowedError);
      await expect(listContactSubmissions(asAny, query())).rejects.toBeInstanceOf(NotAllowedError);
      await expect(listCareerApplications(asAny, query())).rejects.toBeInstanceOf(NotAllowedError);
      await expect(exportCsv(asAny, "contact", query())).rejects.toBeInstanceOf(NotAllowedError);
      await expect(resumeFile(asAny, applicationId)).rejects.toBeInstanceOf(NotAllowedError);
      await expect(setHandled(asAny, "contact", applicationId, true)).rejects.toBeInstanceOf(NotAllowedError);
      await expect(weeklyCounts(asAny)).rejects.toBeInstanceOf(NotAllowedError);
    }
  });

  it("counts both lists", async () => {
    expect(await dashboardCounts(admin)).toEqual({ total: 121, contact: 120, career: 1 });
  });

  it("lists newest first, 50 a page", async () => {
    const first = await listContactSubmissions(admin, query());
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]!.name).toBe("Sender 119");
    expect(first.total).toBe(120);
    expect(first.pageCount).toBe(3);
    const last = await listContactSubmissions(admin, query("page=3"));
    expect(last.rows.map((r) => r.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => (19 - i === 7 ? "Zelda Quint" : `Sender ${19 - i}`)),
    );
  });

  it("searches name, e-mail and subject case-insensitively, treating % and _ literally", async () => {
    const found = await listContactSubmissions(admin, query("q=QUINT"));
    expect(found.rows.map((r) => r.name).sort()).toEqual(["Sender 8", "Sender 9", "Zelda Quint"]);
    expect((await listContactSubmissions(admin, query("q=%25"))).total).toBe(0);
    expect(
      (await listCareerApplications(admin, query("tab=career&q=ann@"))).rows.map((r) => r.resumeName),
    ).toEqual(["cv.pdf"]);
  });

  it("marks a submission handled and filters by it", async () => {
    const { rows } = await listContactSubmissions(admin, query("q=Zelda"));
    expect(await setHandled(admin, "contact", rows[0]!.id, true)).toBe(true);
    expect((await listContactSubmissions(admin, query("status=handled"))).rows.map((r) => r.name)).toEqual([
      "Zelda Quint",
    ]);
    expect((await listContactSubmissions(admin, query("status=open"))).total).toBe(119);
    expect(await setHandled(admin, "contact", "00000000-0000-4000-8000-00000000ffff", true)).toBe(false);
  });

  it("exports CSV with a header, every matching row, and formulas neutralised", async () => {
    const csv = await exportCsv(admin, "contact", { q: "", status: "all" });
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe("created_at,name,email,company,subject,message,handled");
    expect(lines).toHaveLength(121);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it("serves a resume only for an existing application", async () => {
    const file = await resumeFile(admin, applicationId);
    expect(file?.fileName).toBe("cv.pdf");
    expect(Buffer.from(await new Response(file!.body).arrayBuffer()).toString()).toBe("%PDF-");
    expect(await resumeFile(admin, "00000000-0000-4000-8000-00000000ffff")).toBeNull();
    expect(await resumeFile(admin, "../../etc/passwd")).toBeNull();
  });

  it("counts submissions per week for the last 12 weeks", async () => {
    const weeks = await weeklyCounts(admin, 12, new Date(Date.UTC(2026, 10, 4)));
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toEqual({ week: "2026-11-02", contact: 0, career: 0 });
    expect(weeks.at(-2)).toEqual({ week: "2026-10-26", contact: 120, career: 0 });
  });

  it("notifies listeners when a submission commits", async () => {
    const received: string[] = [];
    const unsubscribe = await database.handle.listen(SUBMISSIONS_CHANNEL, (payload) =>
      received.push(payload),
    );
    try {
      const result = await submitContactMessage(
        { name: "Live", email: "live@example.com", subject: "Now", message: "Hello" },
        { ip: "x" },
      );
      for (let i = 0; i < 50 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(received.map((p) => JSON.parse(p))).toEqual([
        { kind: "contact", id: result.status === "sent" ? result.id : "" },
      ]);
    } finally {
      await unsubscribe();
    }
  });
});

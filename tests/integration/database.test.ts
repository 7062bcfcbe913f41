import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "~/db/client.server";
import { DataDirLockedError } from "~/db/dir-lock.server";
import {
  activityTypes,
  appRoles,
  clientMemberRoles,
  experienceLevels,
  feedbackStatuses,
  importStatuses,
  notInterestedReasons,
  returnReasons,
  returnStates,
  webhookDeliveryStatuses,
  webhookEventTypes,
  leadSources,
  leadStatuses,
  mailStatuses,
  motivationLevels,
  newLeadsMailChoices,
  positions,
  propertyTypes,
  valuesOf,
} from "~/db/enums";
import { leadActivities, leads, user } from "~/db/schema";
import { leadSearch } from "~/features/leads/lead-list-sql.server";
import { testDatabases } from "../support/databases";

const expectedTables = [
  "account",
  "audit_log",
  "career_applications",
  "client_members",
  "contact_submissions",
  "lead_activities",
  "lead_documents",
  "leads",
  "mail_outbox",
  "profiles",
  "rate_limit_hits",
  "session",
  "stored_files",
  "user",
  "user_roles",
  "verification",
];

describe.each(testDatabases)("schema and migrations on $name", (testDb) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await testDb.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("creates every table of both spec documents", async () => {
    const rows = await queryRows<{ table_name: string }>(
      handle.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = rows.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(expectedTables));
  });

  // The lists themselves are pinned to the spec in the feature tests; this checks that the migrations
  // built every PostgreSQL enum from them, with the same values in the same order.
  it("stores the spec's enumerations as PostgreSQL enums", async () => {
    const rows = await queryRows<{ name: string; labels: string[] }>(
      handle.db,
      sql`select t.typname as name, json_agg(e.enumlabel order by e.enumsortorder) as labels
          from pg_enum e join pg_type t on t.oid = e.enumtypid join pg_namespace n on n.oid = t.typnamespace
          where n.nspname = 'public' group by t.typname`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.name, r.labels]))).toEqual({
      app_role: appRoles,
      client_member_role: clientMemberRoles,
      property_type: valuesOf(propertyTypes),
      motivation_level: valuesOf(motivationLevels),
      new_leads_mail: valuesOf(newLeadsMailChoices),
      lead_status: valuesOf(leadStatuses),
      client_feedback_status: valuesOf(feedbackStatuses),
      activity_type: valuesOf(activityTypes),
      position_interest: valuesOf(positions),
      experience_level: valuesOf(experienceLevels),
      mail_status: mailStatuses,
      import_status: valuesOf(importStatuses),
      return_reason: valuesOf(returnReasons),
      not_interested_reason: valuesOf(notInterestedReasons),
      webhook_event_type: valuesOf(webhookEventTypes),
      webhook_delivery_status: valuesOf(webhookDeliveryStatuses),
      return_state: valuesOf(returnStates),
    });
  });

  it("holds spec 02's lead sources as the first rows of the agency's own list, in order", async () => {
    const rows = await queryRows<{ key: string; label: string; built_in: boolean }>(
      handle.db,
      sql`select key, label, built_in from lead_sources order by position`,
    );
    expect(rows).toEqual(leadSources.map((s) => ({ key: s.value, label: s.label, built_in: true })));
  });

  it("has pg_trgm and trigram indexes for lead search", async () => {
    const ext = await queryRows<{ extname: string }>(
      handle.db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(ext).toHaveLength(1);
    const indexes = await queryRows<{ indexname: string }>(
      handle.db,
      sql`select indexname, indexdef from pg_indexes where tablename = 'leads' and indexdef like '%gin_trgm_ops%'`,
    );
    expect(indexes.map((r) => r.indexname)).toEqual(["leads_search_trgm_idx"]);
  });

  it("answers a rare term from the trigram index, also a phone number typed with separators", async () => {
    // A book of 3,000 leads where neither term occurs: with statistics the planner knows the terms are
    // rare, so the trigram index is cheaper than walking any of the covering indexes.
    await handle.db.execute(sql`
      insert into leads (first_name, last_name, phone, address, city, state, zip_code)
      select 'Filler', 'Person' || n, '+1303' || lpad(n::text, 7, '0'), n || ' Elm Street', 'Denver', 'CO', '80202'
      from generate_series(1, 3000) as n`);
    await handle.db.execute(sql`vacuum analyze leads`); // also empties the GIN pending list
    for (const term of ["hale", "(202) 555-01"]) {
      const plan = await handle.db.transaction(async (tx) => {
        // 3,000 rows still fit a sequential scan; forbid it to see which index the planner prefers.
        await tx.execute(sql`set local enable_seqscan = off`);
        return queryRows<{ "QUERY PLAN": string }>(
          tx,
          sql`explain select id from leads where ${leadSearch(term)}`,
        );
      });
      expect(plan.map((row) => row["QUERY PLAN"]).join("\n"), term).toContain("leads_search_trgm_idx");
    }
    await handle.db.execute(sql`delete from leads where first_name = 'Filler'`);
  });

  it("applies defaults and cascades a lead's activities on delete", async () => {
    await handle.db
      .insert(user)
      .values({ id: "u-1", name: "Ada Admin", email: `ada-${testDb.name}@example.com` });
    const [lead] = await handle.db
      .insert(leads)
      .values({
        firstName: "Maria",
        lastName: "Lopez",
        phone: "+12025551234",
        address: "12 Oak Street",
        city: "Austin",
        state: "TX",
        zipCode: "78701",
        createdByUserId: "u-1",
        askingPrice: 185000.5,
      })
      .returning();
    expect(lead).toMatchObject({
      propertyType: "single_family",
      motivationLevel: "warm",
      leadSource: "cold_call",
      leadStatus: "new",
      clientFeedbackStatus: "not_reviewed",
      isSold: false,
      askingPrice: 185000.5,
    });
    await handle.db.insert(leadActivities).values({
      leadId: lead!.id,
      activityType: "note_added",
      description: "Called, left voicemail",
      performedBy: "u-1",
    });
    await handle.db.delete(leads).where(eq(leads.id, lead!.id));
    const left = await handle.db.select().from(leadActivities).where(eq(leadActivities.leadId, lead!.id));
    expect(left).toHaveLength(0);
  });

  it("rejects a value outside an enumeration", async () => {
    await expect(
      handle.db.execute(
        sql`insert into leads (first_name, last_name, phone, address, city, state, zip_code, lead_status)
            values ('A', 'B', '+12025551234', '1 Main St', 'Reno', 'NV', '89501', 'maybe')`,
      ),
    ).rejects.toThrow();
  });
});

describe("embedded PGlite in a data folder", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "lw-pglite-"));
  const dataDir = path.join(root, "nested", "does", "not", "exist");

  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("creates missing parent folders, refuses a second opener, and keeps data across a restart", async () => {
    const first = await openDatabase({ kind: "pglite", dataDir });
    await first.db.insert(user).values({ id: "keep-1", name: "Kept", email: "kept@example.com" });

    const second = openDatabase({ kind: "pglite", dataDir });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(/in use by another Leadworks process \(pid \d+\)/);

    await first.close();
    expect(fs.existsSync(path.join(dataDir, "leadworks.lock"))).toBe(false);

    // Reopening runs the migrations again: already applied, they must change nothing.
    const reopened = await openDatabase({ kind: "pglite", dataDir });
    const rows = await reopened.db.select().from(user).where(eq(user.id, "keep-1"));
    expect(rows.map((r) => r.email)).toEqual(["kept@example.com"]);
    await reopened.close();
  });

  it("keeps the data folder, the database folder and the lock file private (0700 / 0600)", async () => {
    const privateDir = path.join(root, "private", "data");
    // Even under a umask that leaves new files open to everyone.
    const umask = process.umask(0o000);
    let handle: DatabaseHandle;
    try {
      handle = await openDatabase({ kind: "pglite", dataDir: privateDir });
    } finally {
      process.umask(umask);
    }
    const modeOf = (target: string) => fs.statSync(target).mode & 0o777;
    try {
      expect(modeOf(path.join(root, "private"))).toBe(0o700);
      expect(modeOf(privateDir)).toBe(0o700);
      expect(modeOf(path.join(privateDir, "pglite"))).toBe(0o700);
      expect(modeOf(path.join(privateDir, "leadworks.lock"))).toBe(0o600);
    } finally {
      await handle.close();
    }
  });

  it("takes over a stale lock left by a process that died", async () => {
    const staleDir = path.join(root, "stale");
    fs.mkdirSync(staleDir, { recursive: true });
    // A pid far above the kernel's default pid_max cannot be alive.
    fs.writeFileSync(path.join(staleDir, "leadworks.lock"), "99999999");
    const handle = await openDatabase({ kind: "pglite", dataDir: staleDir });
    expect(fs.readFileSync(path.join(staleDir, "leadworks.lock"), "utf8")).toBe(String(process.pid));
    await handle.close();
  });
});

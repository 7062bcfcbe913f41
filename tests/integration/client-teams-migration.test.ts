/**
 * Migration 0024 (issue 26, ADR 037) on a database that already holds clients: each becomes a one-person
 * company, its owner, under its own id, with its leads, agreement and timeline untouched; afterwards the
 * client role makes a company of any account that has none, and a lead that changes hands is free again.
 */
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "~/db/client.server";
import { migrationsBefore, migrationTargets } from "../support/migration-targets";

const before = migrationsBefore("0024_client_teams");
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

describe.each(migrationTargets)("migration 0024 on $name", (target) => {
  it("makes every existing client a one-person company and loses nothing", async () => {
    const db = await target.open();
    try {
      await db.migrate(before);
      // One statement per call: PGlite's extended protocol takes no more.
      for (const statement of [
        `insert into "user" (id, name, email) values
          ('red-oak', 'Red Oak', 'red@oak.example'), ('blue-fin', 'Blue Fin', 'blue@fin.example'),
          ('staff', 'Staff', 'staff@agency.example'), ('signup', 'Walk In', 'walk@in.example'),
          ('helper', 'Helper', 'helper@oak.example')`,
        `insert into user_roles (user_id, role) values
          ('red-oak', 'client'), ('blue-fin', 'client'), ('blue-fin', 'admin'), ('staff', 'admin')`,
        `insert into client_agreements (client_id, version, leads_per_month, starts_on, price_per_lead)
          values ('red-oak', 1, 40, '2026-10-01', 35)`,
        `insert into leads (id, first_name, last_name, phone, address, city, state, zip_code, assigned_to_client_id)
          values ('00000000-0000-4000-8000-000000000001', 'Ada', 'Mae', '+12175550101', '1 Elm St', 'Peoria',
                  'IL', '61602', 'red-oak')`,
        `insert into lead_activities (lead_id, activity_type, description, performed_by)
          values ('00000000-0000-4000-8000-000000000001', 'client_feedback_submitted', 'Feedback: Contacted',
                  'red-oak')`,
      ])
        await db.rows(statement);

      await db.migrate(migrationsFolder);

      expect(await db.rows(`select user_id, company_id, role from client_members order by user_id`)).toEqual([
        { user_id: "blue-fin", company_id: "blue-fin", role: "owner" },
        { user_id: "red-oak", company_id: "red-oak", role: "owner" },
      ]);
      // Every record that named the client names the company now, unchanged.
      expect(await db.rows(`select assigned_to_client_id, claimed_by_user_id from leads`)).toEqual([
        { assigned_to_client_id: "red-oak", claimed_by_user_id: null },
      ]);
      expect(await db.rows(`select client_id from client_agreements`)).toEqual([{ client_id: "red-oak" }]);
      expect(await db.rows(`select client_id from lead_deliveries where ended_at is null`)).toEqual([
        { client_id: "red-oak" },
      ]);
      expect(await db.rows(`select performed_by from lead_activities`)).toEqual([
        { performed_by: "red-oak" },
      ]);

      // Afterwards: a new client is a company of its own; someone already on a team stays on it.
      await db.rows(
        `insert into client_members (user_id, company_id, role) values ('helper', 'red-oak', 'member')`,
      );
      await db.rows(
        `insert into user_roles (user_id, role) values ('signup', 'client'), ('helper', 'client')`,
      );
      expect(
        await db.rows(`select user_id, company_id, role from client_members
                       where user_id in ('signup', 'helper') order by user_id`),
      ).toEqual([
        { user_id: "helper", company_id: "red-oak", role: "member" },
        { user_id: "signup", company_id: "signup", role: "owner" },
      ]);

      // A lead taken by a member is free again once it goes to another company, and only then.
      await db.rows(`update leads set claimed_by_user_id = 'helper'`);
      await db.rows(`update leads set client_feedback_status = 'contacted'`);
      expect(await db.rows(`select claimed_by_user_id from leads`)).toEqual([
        { claimed_by_user_id: "helper" },
      ]);
      await db.rows(`update leads set assigned_to_client_id = 'blue-fin'`);
      expect(await db.rows(`select claimed_by_user_id from leads`)).toEqual([{ claimed_by_user_id: null }]);
    } finally {
      await db.close();
    }
  });
});

/**
 * Migration 0044 (ADR 057) on a database that already holds leads: the enum of sources becomes the
 * agency's table with spec 02's eight as its first rows, and no lead, delivery or routing switch changes
 * its source; afterwards a source must be one of the table's, and a lead's facts still reach its delivery.
 */
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "~/db/client.server";
import { leadSources } from "~/db/enums";
import { migrationsBefore, migrationTargets } from "../support/migration-targets";

const before = migrationsBefore("0044_agency_lead_sources");
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

const lead = (n: number, source: string, client: string | null) =>
  `insert into leads (id, first_name, last_name, phone, address, city, state, zip_code, lead_source,
     assigned_to_client_id)
   values ('00000000-0000-4000-8000-00000000000${n}', 'Seller', '${n}', '+1217555010${n}', '${n} Elm St',
     'Peoria', 'IL', '61602', '${source}', ${client ? `'${client}'` : "null"})`;

/** The database's own words for a refused statement (drivers wrap them as the cause of their error). */
const refusal = (statement: Promise<unknown>) =>
  statement.then(
    () => "accepted",
    (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ""}`,
  );

describe.each(migrationTargets)("migration 0044 on $name", (target) => {
  it("keeps every source, then holds sources to the agency's list", async () => {
    const db = await target.open();
    try {
      await db.migrate(before);
      for (const statement of [
        `insert into "user" (id, name, email) values ('red-oak', 'Red Oak', 'red@oak.example')`,
        `insert into user_roles (user_id, role) values ('red-oak', 'client')`,
        lead(1, "online", "red-oak"),
        lead(2, "bandit_signs", null),
        lead(3, "cold_call", "red-oak"),
        `insert into routing_sources (lead_source, enabled) values ('bandit_signs', true)`,
      ])
        await db.rows(statement);

      await db.migrate(migrationsFolder);

      expect(await db.rows(`select last_name, lead_source from leads order by last_name`)).toEqual([
        { last_name: "1", lead_source: "online" },
        { last_name: "2", lead_source: "bandit_signs" },
        { last_name: "3", lead_source: "cold_call" },
      ]);
      expect(await db.rows(`select lead_source from lead_deliveries order by lead_source`)).toEqual([
        { lead_source: "cold_call" },
        { lead_source: "online" },
      ]);
      expect(await db.rows(`select lead_source, enabled from routing_sources`)).toEqual([
        { lead_source: "bandit_signs", enabled: true },
      ]);
      expect(await db.rows(`select key, label from lead_sources order by position`)).toEqual(
        leadSources.map((s) => ({ key: s.value, label: s.label })),
      );

      // Afterwards: a source is a row of the table, and a new one works once the agency adds it.
      expect(await refusal(db.rows(lead(4, "carrier_pigeon", null)))).toMatch(/foreign key/);
      await db.rows(`insert into lead_sources (key, label, position) values ('ppc', 'PPC', 9)`);
      await db.rows(lead(4, "ppc", null));
      expect(
        await refusal(
          db.rows(`insert into lead_sources (key, label, position) values ('Bad Key', 'Bad', 10)`),
        ),
      ).toMatch(/lead_sources_key_format/);
      // The trigger that copies a lead's facts to its delivery came back with the change of type.
      await db.rows(`update leads set lead_source = 'ppc' where last_name = '1'`);
      expect(
        await db.rows(`select d.lead_source from lead_deliveries d join leads l on l.id = d.lead_id
                       where l.last_name = '1'`),
      ).toEqual([{ lead_source: "ppc" }]);
    } finally {
      await db.close();
    }
  });
});

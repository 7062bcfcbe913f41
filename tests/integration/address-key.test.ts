/**
 * The address key computed in TypeScript (the import's whole-file check) is the database's, word for
 * word, on both databases: the same addresses give the same key, so a duplicate the check finds is the
 * one the stored leads' generated column finds.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addressKey } from "~/db/address-key";
import { queryRows } from "~/db/client.server";
import { testDatabases } from "../support/databases";
import { useTestDatabase } from "../support/integration-fixtures";
import { sellerList } from "../support/seller-list";

const tricky: [string, string][] = [
  ["742 Evergreen Terr., Apt 4", "62704"],
  ["742 evergreen terrace #4", "62704-1234"],
  ["123 N. Main St # 4", "02134"],
  ["Unit # 4 # 5 Apt #6", "10001"],
  ["  100   MAIN   STREET  ", "75201"],
  ["", "75201"],
  ["#", "75201"],
  ["## 12", "75201"],
  ["Éclair Ave, Suite 200", "94103"],
  ["PO Box 12", "30301"],
  ["1-2 Lake View Pkwy; Bldg-C", "60601"],
  ["12½ Oak Hollow Cir", "85001"],
  ["O'Brien Rd., Lot 7", "35203"],
];

describe.each(testDatabases)("the address key on $name", (testDb) => {
  const database = useTestDatabase(testDb);

  it("is the SQL function's, for tricky addresses and a whole generated list", async () => {
    const list = sellerList({ rows: 500, duplicates: 10, bad: 5, layout: "batchleads" });
    const generated = [...list.lines()]
      .slice(1)
      .map((line, i): [string, string] => [line.split(",")[5] ?? "", String(10000 + i)]);
    const samples = [...tricky, ...generated];
    const rows = await queryRows<{ i: number; key: string }>(
      database.db,
      sql`select p.i, lw_address_key(p.address, p.zip) as key
          from jsonb_to_recordset(${JSON.stringify(samples.map(([address, zip], i) => ({ i, address, zip })))}::jsonb)
            as p(i int, address text, zip text) order by p.i`,
    );
    expect(rows.map((r) => r.key)).toEqual(samples.map(([address, zip]) => addressKey(address, zip)));
    expect(addressKey("742 Evergreen Terrace, Apt 4", "62704")).toBe(
      addressKey("742 evergreen ter #4", "62704-1234"),
    );
  });
});

/**
 * Possible duplicates on both databases (issue 13): the same phone, or the same address once
 * normalised (case, punctuation, street suffixes, directionals, unit designators) in the same ZIP5. The
 * key is computed by the database for every row, whichever way the row was written.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { installDatabase } from "~/db/db.server";
import { leads } from "~/db/schema";
import { findPossibleDuplicates } from "~/features/leads/lead-queries.server";
import { NotAllowedError, permissionsOf, type ActorRef } from "~/lib/permissions";
import { testDatabases } from "../support/databases";

const admin: ActorRef = { id: "dup-admin", permissions: permissionsOf(["admin"]) };

const existing = {
  firstName: "Rosa",
  lastName: "Alvarez",
  phone: "+15125550101",
  address: "4417 North Live Oak Street, Apt. 2B",
  city: "Austin",
  state: "TX",
  zipCode: "78745",
};

describe.each(testDatabases)("possible duplicates on $name", (testDb) => {
  let handle: DatabaseHandle;
  let existingId = "";
  const probe = (address: string, zipCode = "78745", phone = "+19995550000") =>
    findPossibleDuplicates(admin, { address, zipCode, phone });

  beforeAll(async () => {
    handle = await testDb.open();
    installDatabase(handle);
    const [row] = await handle.db.insert(leads).values(existing).returning({ id: leads.id });
    existingId = row!.id;
    // Same street elsewhere, and another unit at the same address: neither is the same place.
    await handle.db.insert(leads).values([
      { ...existing, phone: "+15125550102", zipCode: "73301" },
      { ...existing, phone: "+15125550103", address: "4417 N Live Oak St Apt 3" },
    ]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("stores the normalised key of each row", async () => {
    const [row] = await handle.db
      .select({ key: leads.addressKey })
      .from(leads)
      .where(eq(leads.id, existingId));
    expect(row!.key).toBe("4417 n live oak st # 2b|78745");
  });

  it.each([
    "4417 North Live Oak Street, Apt. 2B",
    "4417 N LIVE OAK ST APT 2B",
    "4417 n. live oak st., #2b",
    "4417 North Live Oak St Unit 2B",
    "  4417   north live-oak street suite 2b ",
    "4417 N Live Oak Street # 2B",
  ])("finds the lead by the address %j", async (address) => {
    expect((await probe(address)).map((d) => d.id)).toEqual([existingId]);
  });

  it("counts the ZIP code by its first five digits", async () => {
    expect((await probe("4417 N Live Oak St Apt 2B", "78745-1234")).map((d) => d.id)).toEqual([existingId]);
  });

  it.each([
    ["another unit", "4417 N Live Oak St Apt 2C", "78745"],
    ["another number", "4418 N Live Oak St Apt 2B", "78745"],
    ["another direction", "4417 S Live Oak St Apt 2B", "78745"],
    ["another ZIP", "4417 N Live Oak St Apt 2B", "78746"],
  ])("does not match %s", async (_label, address, zipCode) => {
    expect(await probe(address, zipCode)).toEqual([]);
  });

  it("finds the leads with the same phone wherever they are, and says so", async () => {
    const found = await findPossibleDuplicates(admin, {
      phone: existing.phone,
      address: "1 Elsewhere Road",
      zipCode: "10001",
    });
    expect(found.map((d) => d.id)).toEqual([existingId]);
    expect(found[0]!.samePhone).toBe(true);
  });

  it("leaves the lead itself out when checking an edit", async () => {
    expect(await findPossibleDuplicates(admin, { ...existing, phone: "+19995550000" }, existingId)).toEqual(
      [],
    );
  });

  it("refuses anyone without lead:read:any", async () => {
    const client = { id: "c", permissions: permissionsOf(["client"]) };
    await expect(findPossibleDuplicates(client, existing)).rejects.toBeInstanceOf(NotAllowedError);
  });
});

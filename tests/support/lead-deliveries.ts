/**
 * Leads handed to a client as the product hands them (the database's trigger opens each delivery), then
 * moved in time, for tests of the return window, the cap and the ledger.
 */
import { and, inArray, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { leadDeliveries, leads } from "~/db/schema";

let made = 0;

/**
 * Writes `n` leads assigned to `clientId` (null: unassigned). With `firstAt`, their open deliveries are
 * dated from it, `stepMinutes` apart (0: all at once). Returns the leads' ids in order.
 */
export async function deliverLeads(
  db: Database,
  clientId: string | null,
  n: number,
  firstAt?: Date,
  stepMinutes = 0,
): Promise<string[]> {
  const rows = await db
    .insert(leads)
    .values(
      Array.from({ length: n }, () => {
        made += 1;
        return {
          firstName: "Seller",
          lastName: `No${made}`,
          phone: `+1312555${String(made).padStart(4, "0")}`,
          address: `${made} Lake Street`,
          city: "Chicago",
          state: "IL",
          zipCode: "60601",
          assignedToClientId: clientId,
        };
      }),
    )
    .returning({ id: leads.id });
  const leadIds = rows.map((r) => r.id);
  if (!firstAt) return leadIds;
  const open = (ids: string[]) => and(inArray(leadDeliveries.leadId, ids), isNull(leadDeliveries.endedAt));
  if (stepMinutes === 0) {
    await db.update(leadDeliveries).set({ deliveredAt: firstAt }).where(open(leadIds));
    return leadIds;
  }
  for (const [i, leadId] of leadIds.entries()) {
    const deliveredAt = new Date(firstAt.getTime() + i * stepMinutes * 60_000);
    await db
      .update(leadDeliveries)
      .set({ deliveredAt })
      .where(open([leadId]));
  }
  return leadIds;
}

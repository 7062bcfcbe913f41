/**
 * The client companies of several people that the team tests share (ADR 037): an admin, Red Oak
 * Property Group's account with Ann and Bob, Blue Sky Homes' account with Cal. signedInAccounts makes
 * each a company of one; joinTeams then makes Ann, Bob and Cal members of their company.
 */
import { eq } from "drizzle-orm";
import { beforeAll } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { clientMembers } from "~/db/schema";

export const teamAccounts = {
  Admin: { role: "admin" as const },
  Red: { role: "client" as const, companyName: "Red Oak Property Group" },
  Ann: { role: "client" as const, companyName: "Red Oak Property Group" },
  Bob: { role: "client" as const, companyName: "Red Oak Property Group" },
  Blue: { role: "client" as const, companyName: "Blue Sky Homes" },
  Cal: { role: "client" as const, companyName: "Blue Sky Homes" },
};
export type TeamPerson = keyof typeof teamAccounts;
export type TeamClient = Exclude<TeamPerson, "Admin">;

/** Whose company each client person acts for: the two accounts their own, the members their company's. */
export const companyOf: Record<TeamClient, "Red" | "Blue"> = {
  Red: "Red",
  Ann: "Red",
  Bob: "Red",
  Blue: "Blue",
  Cal: "Blue",
};

/**
 * Before the file's tests: the members among `people` (Ann, Bob, Cal) join their company as members.
 * Call after signedInAccounts, with the ids it fills.
 */
export function joinTeams(
  database: { readonly db: DatabaseHandle["db"] },
  ids: Record<string, string>,
  people: readonly ("Ann" | "Bob" | "Cal")[] = ["Ann", "Bob", "Cal"],
): void {
  beforeAll(async () => {
    for (const who of people) {
      await database.db
        .update(clientMembers)
        .set({ companyId: ids[companyOf[who]]!, role: "member" })
        .where(eq(clientMembers.userId, ids[who]!));
    }
  });
}

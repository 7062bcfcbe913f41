/**
 * What the admin lead list remembers around its rows (issue 25, ADR 040), on both databases: each
 * person's optional columns (the default until they choose, theirs alone, unknown ones dropped), and a
 * bulk action's selection (its summary, a week's keeping, admins only).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leadSelections, user, userPreferences } from "~/db/schema";
import {
  leadColumnsOf,
  rememberSelection,
  saveLeadColumns,
  selectionSummary,
} from "~/features/leads/lead-list-views.server";
import { DEFAULT_LEAD_COLUMNS } from "~/features/leads/lead-list.schema";
import { NotAllowedError, permissionsOf, type ActorRef } from "~/lib/permissions";
import { testDatabases } from "../support/databases";
import { useTestDatabase } from "../support/integration-fixtures";

const ada: ActorRef = { id: "views-ada", permissions: permissionsOf(["admin"]) };
const ben: ActorRef = { id: "views-ben", permissions: permissionsOf(["admin"]) };
const client: ActorRef = { id: "views-client", permissions: permissionsOf(["client"]) };
const LEAD_A = "3f1c2a9e-7b4d-4c8e-9a1f-0d2b3c4e5f60";
const LEAD_B = "5a2d3b8f-1c4e-4f6a-8b7c-9d0e1f2a3b4c";

describe.each(testDatabases)("the lead list's views on $name", (testDb) => {
  const database = useTestDatabase(testDb);

  it("keeps each person's columns: the default until they choose, theirs alone after", async () => {
    await database.db
      .insert(user)
      .values([ada, ben, client].map((a) => ({ id: a.id, email: `${a.id}@views.test`, name: a.id })));
    expect(await leadColumnsOf(ada)).toEqual([...DEFAULT_LEAD_COLUMNS]);
    await saveLeadColumns(ada, ["zip", "activity"]);
    expect(await leadColumnsOf(ada)).toEqual(["zip", "activity"]);
    // Saving again replaces; none is a choice too.
    await saveLeadColumns(ada, []);
    expect(await leadColumnsOf(ada)).toEqual([]);
    expect(await leadColumnsOf(ben)).toEqual([...DEFAULT_LEAD_COLUMNS]);
    // A column that no longer exists is dropped when read.
    await database.db
      .update(userPreferences)
      .set({ leadColumns: ["county", "value"] })
      .where(eq(userPreferences.userId, ada.id));
    expect(await leadColumnsOf(ada)).toEqual(["value"]);
    await expect(saveLeadColumns(client, ["zip"])).rejects.toBeInstanceOf(NotAllowedError);
    await expect(leadColumnsOf(client)).rejects.toBeInstanceOf(NotAllowedError);
  });

  it("keeps a bulk action's leads a week, and refuses anyone but an admin", async () => {
    const id = await rememberSelection(ada, "2 leads assigned to Red Oak Property Group", [LEAD_A, LEAD_B]);
    expect(await selectionSummary(ben, id)).toEqual({
      id,
      description: "2 leads assigned to Red Oak Property Group",
      count: 2,
      // Remembered without a way back (no undo given), so nothing to undo.
      undoUntil: null,
      undone: false,
    });
    expect(await selectionSummary(ada, "not-a-uuid")).toBeNull();
    expect(await selectionSummary(ada, "00000000-0000-4000-8000-000000000000")).toBeNull();
    await expect(selectionSummary(client, id)).rejects.toBeInstanceOf(NotAllowedError);
    await expect(rememberSelection(client, "x", [LEAD_A])).rejects.toBeInstanceOf(NotAllowedError);

    // Eight days on, Ada's next action removes it; Ben's are his own.
    const old = new Date(Date.now() - 8 * 86_400_000);
    await database.db.update(leadSelections).set({ createdAt: old }).where(eq(leadSelections.id, id));
    const bens = await rememberSelection(ben, "1 lead unassigned", [LEAD_A]);
    await database.db.update(leadSelections).set({ createdAt: old }).where(eq(leadSelections.id, bens));
    await rememberSelection(ada, "1 lead set to Contacted", [LEAD_B]);
    expect(await selectionSummary(ada, id)).toBeNull();
    expect(await selectionSummary(ada, bens)).not.toBeNull();
  });
});

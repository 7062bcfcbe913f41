/**
 * Saved views of the admin lead list (issue 25, ADR 040) through the real list route with real sessions,
 * on both databases: only admins have views; a view keeps a name and the list's URL search (normalised);
 * names are required, at most 40 characters, not a built-in view's, unique per person whatever the case;
 * a person renames and deletes only their own (another's is 404, as if it did not exist); 50 views at
 * most, also when two saves race; bad input is 400, never 500. And the built-in views' lists, with the
 * client feedback filter "Waiting for client feedback" reads through its own partial index.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/query-rows";
import { leads, savedLeadViews } from "~/db/schema";
import { fieldFilters, orderOf } from "~/features/leads/lead-list-sql.server";
import { parseLeadListQuery } from "~/features/leads/lead-list.schema";
import { builtInViews, SAVED_VIEWS_MAX } from "~/features/leads/saved-views.schema";
import { listSavedViews, saveView } from "~/features/leads/saved-views.server";
import { NotAllowedError, permissionsOf } from "~/lib/permissions";
import { action, loader } from "~/routes/admin/leads/list";
import { testDatabases } from "../support/databases";
import { signedInAccounts, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { answer, callRoute, formRequest, getRequest, redirectOf, statusOf } from "../support/route-calls";

stubAuthEnv();

const PASSWORD = "Harbor-Light-42";
type Account = "ada" | "ben" | "carl" | "plain";
const accounts = {
  ada: { role: "admin" },
  ben: { role: "admin" },
  carl: { role: "client", companyName: "Carl Capital" },
  plain: {},
} as const;

interface ListData {
  views: { id: string; name: string; search: string }[];
  list: { rows: { firstName: string }[] };
}

describe.each(testDatabases)("saved views of the lead list on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const { ids, cookies } = signedInAccounts(database, accounts, PASSWORD);

  const list = async (who: Account, search = "") =>
    answer(await callRoute(loader, getRequest(`/admin/leads${search}`, { cookie: cookies[who] })))
      .data as unknown as ListData;
  const post = (who: Account | "anonymous", fields: Record<string, string>, search = "") =>
    callRoute(
      action,
      formRequest(`/admin/leads${search}`, fields, who === "anonymous" ? {} : { cookie: cookies[who] }),
    );
  const save = (who: Account, name: string, search = "") =>
    post(who, { intent: "save-view", name, search }, search);
  const rename = (who: Account, viewId: string, name: string) =>
    post(who, { intent: "rename-view", viewId, name });
  const remove = (who: Account, viewId: string) => post(who, { intent: "delete-view", viewId });
  const refusal = (result: unknown) => {
    const { status, data } = answer(result);
    return { status, message: data.fieldErrors?.name ?? data.toast?.text };
  };
  const stored = (who: Account) =>
    database.db
      .select({ name: savedLeadViews.name, search: savedLeadViews.search })
      .from(savedLeadViews)
      .where(eq(savedLeadViews.userId, ids[who]))
      .orderBy(savedLeadViews.createdAt);

  it("keeps everyone but admins out: no list, and their posts store nothing", async () => {
    for (const who of ["carl", "plain"] as const) {
      expect(
        redirectOf(await callRoute(loader, getRequest("/admin/leads", { cookie: cookies[who] }))).location,
      ).toBe("/");
      expect(redirectOf(await save(who, "Mine")).location).toBe("/");
    }
    expect(
      redirectOf(await post("anonymous", { intent: "save-view", name: "Mine", search: "" })).location,
    ).toMatch(/^\/auth/);
    expect(await database.db.select().from(savedLeadViews)).toHaveLength(0);
    // The data layer refuses them too, whoever calls it.
    const client = { id: ids.carl, permissions: permissionsOf(["client"]) };
    await expect(listSavedViews(client)).rejects.toBeInstanceOf(NotAllowedError);
    await expect(saveView(client, "Mine", "")).rejects.toBeInstanceOf(NotAllowedError);
  });

  it("saves the list as it is under a name, and goes to it; the view is its owner's alone", async () => {
    // What the form sends: the list's search (a page, unknown and repeated values included).
    const saved = redirectOf(
      await save("ada", "  Hot by name  ", "?sort=name&motivation=hot&bogus=1&after=abc"),
    );
    expect(saved.location).toBe("/admin/leads?motivation=hot&sort=name");
    expect(saved.flash).toMatchObject({ kind: "success", text: 'View "Hot by name" saved' });
    const { views } = await list("ada");
    expect(views.map(({ name, search }) => ({ name, search }))).toEqual([
      { name: "Hot by name", search: "?motivation=hot&sort=name" },
    ]);
    expect((await list("ben")).views).toEqual([]);
    // Another person may use the same name: names are unique per person.
    expect(redirectOf(await save("ben", "hot by name", "?motivation=hot")).location).toBe(
      "/admin/leads?motivation=hot",
    );
    // Filters, sort and rows per page; no columns (they stay each person's).
    redirectOf(await save("ada", "Unassigned, 100 a page", "?client=unassigned&size=100&sort=oldest"));
    expect((await stored("ada")).map((v) => v.search)).toEqual([
      "?motivation=hot&sort=name",
      "?client=unassigned&sort=oldest&size=100",
    ]);
  });

  it("refuses a missing, long, built-in or repeated name with its message, and bad input with 400", async () => {
    const before = await stored("ada");
    expect(refusal(await save("ada", "   "))).toEqual({ status: 400, message: "Name is required" });
    expect(refusal(await save("ada", "x".repeat(41)))).toEqual({
      status: 400,
      message: "Name must be at most 40 characters",
    });
    expect(refusal(await save("ada", "UNASSIGNED"))).toEqual({
      status: 400,
      message: '"Unassigned" is a built-in view: choose another name',
    });
    // Whatever the case, and named as it was saved.
    expect(refusal(await save("ada", "HOT BY NAME"))).toEqual({
      status: 400,
      message: 'You already have a view named "Hot by name": choose another name',
    });
    // 40 characters is allowed, counted as characters (no field cuts a name short: the message says it).
    const longest = "Ünïcödé ".repeat(5);
    expect(statusOf(await save("ada", `${longest.trim()}.`))).toBe(302);
    // Forged posts: a search too long, a missing name, a view id that is not one.
    for (const fields of <Record<string, string>[]>[
      { intent: "save-view", name: "Long", search: `?q=${"z".repeat(4000)}` },
      { intent: "save-view" },
      { intent: "rename-view", viewId: "not-a-uuid", name: "Renamed" },
      { intent: "rename-view", name: "Renamed" },
      { intent: "delete-view", viewId: "1; drop table leads" },
      { intent: "delete-view" },
    ]) {
      expect(statusOf(await post("ada", fields)), JSON.stringify(fields).slice(0, 80)).toBe(400);
    }
    expect(await stored("ada")).toEqual([...before, { name: `${longest.trim()}.`, search: "" }]);
  });

  it("renames and deletes only the person's own views; another's is 404 and stays as it was", async () => {
    const [mine] = (await list("ada")).views;
    const [bens] = (await list("ben")).views;
    // Rename: back to the list it was sent from (its page dropped), with what was done.
    const renamed = redirectOf(
      await post(
        "ada",
        { intent: "rename-view", viewId: mine!.id, name: "Hot A-Z" },
        "?status=new&after=abc",
      ),
    );
    expect(renamed.location).toBe("/admin/leads?status=new");
    expect(renamed.flash).toMatchObject({ text: 'View renamed to "Hot A-Z"' });
    // Renaming to its own name in another case is not a clash with itself.
    expect(statusOf(await rename("ada", mine!.id, "HOT A-Z"))).toBe(302);
    expect(refusal(await rename("ada", mine!.id, "unassigned, 100 A PAGE"))).toEqual({
      status: 400,
      message: 'You already have a view named "Unassigned, 100 a page": choose another name',
    });
    expect(refusal(await rename("ada", mine!.id, ""))).toEqual({ status: 400, message: "Name is required" });
    // Ben cannot rename or delete Ada's view, nor she his.
    expect(statusOf(await rename("ben", mine!.id, "Taken over"))).toBe(404);
    expect(statusOf(await remove("ben", mine!.id))).toBe(404);
    expect(statusOf(await remove("ada", bens!.id))).toBe(404);
    expect((await stored("ada"))[0]!.name).toBe("HOT A-Z");
    expect(await stored("ben")).toHaveLength(1);
    // Delete: gone, and a second delete finds nothing.
    const deleted = redirectOf(await remove("ada", mine!.id));
    expect(deleted.location).toBe("/admin/leads");
    expect(deleted.flash).toMatchObject({ text: 'View "HOT A-Z" deleted' });
    expect(statusOf(await remove("ada", mine!.id))).toBe(404);
    expect(statusOf(await rename("ada", crypto.randomUUID(), "Nothing"))).toBe(404);
    expect((await list("ada")).views.map((v) => v.name)).not.toContain("HOT A-Z");
  });

  it(`keeps at most ${SAVED_VIEWS_MAX} views a person, also when saves race`, async () => {
    await database.db.delete(savedLeadViews).where(eq(savedLeadViews.userId, ids.ada));
    await database.db.insert(savedLeadViews).values(
      Array.from({ length: SAVED_VIEWS_MAX - 1 }, (_, i) => ({
        userId: ids.ada,
        name: `View ${i + 1}`,
        search: `?q=${i + 1}`,
      })),
    );
    // Two saves at once for the last place: one is saved, the other hears the limit.
    const raced = await Promise.all([save("ada", "Last A"), save("ada", "Last B")]);
    expect(raced.map(statusOf).sort()).toEqual([302, 400]);
    const refused = raced.find((r) => statusOf(r) === 400);
    expect(refusal(refused)).toEqual({
      status: 400,
      message: `You can keep up to ${SAVED_VIEWS_MAX} views: delete one you no longer use, then save this one`,
    });
    expect(await stored("ada")).toHaveLength(SAVED_VIEWS_MAX);
    // Ben is not held back by Ada's views.
    expect(statusOf(await save("ben", "Another"))).toBe(302);
    // Two saves of one name at once: one view, and the other hears that the name is taken.
    await database.db
      .delete(savedLeadViews)
      .where(and(eq(savedLeadViews.userId, ids.ada), eq(savedLeadViews.name, "View 1")));
    await database.db
      .delete(savedLeadViews)
      .where(and(eq(savedLeadViews.userId, ids.ada), eq(savedLeadViews.name, "View 2")));
    const twins = await Promise.all([save("ada", "Twin"), save("ada", "twin")]);
    expect(twins.map(statusOf).sort()).toEqual([302, 400]);
    expect(refusal(twins.find((r) => statusOf(r) === 400)).message).toMatch(
      /^You already have a view named "Twin"/i,
    );
  });

  it("lists the built-in views' leads: unassigned, hot and unassigned, waiting for the client's feedback", async () => {
    const lead = (firstName: string, row: Partial<typeof leads.$inferInsert>) => ({
      firstName,
      lastName: "Viewtest",
      phone: "+13035550100",
      address: "1 View Road",
      city: "Denver",
      state: "CO",
      zipCode: "80202",
      ...row,
    });
    await database.db
      .insert(leads)
      .values([
        lead("Uma", { motivationLevel: "hot" }),
        lead("Ulf", { motivationLevel: "warm" }),
        lead("Ava", { motivationLevel: "hot", assignedToClientId: ids.carl }),
        lead("Abe", { assignedToClientId: ids.carl, clientFeedbackStatus: "interested" }),
      ]);
    const names = async (search: string) =>
      (await list("ada", search)).list.rows.map((r) => r.firstName).sort();
    const view = (name: string) => builtInViews.find((v) => v.name === name)!.search;
    expect(await names(view("All leads"))).toEqual(["Abe", "Ava", "Ulf", "Uma"]);
    expect(await names(view("Unassigned"))).toEqual(["Ulf", "Uma"]);
    expect(await names(view("Hot, not yet assigned"))).toEqual(["Uma"]);
    // Not reviewed by the client it went to; an unassigned lead (not_reviewed by default) is no one's to review.
    expect(await names(view("Waiting for client feedback"))).toEqual(["Ava"]);
    expect(await names("?feedback=interested&feedback=not_reviewed")).toEqual(["Abe", "Ava"]);
    expect(await names("?feedback=not_reviewed&client=unassigned")).toEqual([]);
    expect(await names("?feedback=nonsense")).toEqual(["Abe", "Ava", "Ulf", "Uma"]);

    // The view's page reads its partial index (its predicate proven from the filter's bound values).
    const query = parseLeadListQuery(new URL(`http://x/admin/leads${view("Waiting for client feedback")}`));
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const page = tx
        .select({ id: leads.id })
        .from(leads)
        .where(and(...fieldFilters(query)))
        .orderBy(...orderOf(query.sort))
        .limit(50);
      return JSON.stringify(await queryRows(tx, sql`explain ${page.getSQL()}`));
    });
    expect(plan).toContain("leads_awaiting_feedback_idx");
  });
});

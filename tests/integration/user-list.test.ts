/**
 * The accounts list of /admin/users (issue 25 §7) on both databases, through the real loader and action:
 * pages of 50 newest first by keyset cursor (no account twice, none left out, ties in time kept in one
 * order across a page's edge), the search over e-mail, name and company (case-insensitive, trimmed, `%`
 * and `_` taken literally), the role filter, and the row buttons' one-value changes.
 */
import { asc, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, profiles, user, userRoles } from "~/db/schema";
import { commandLine } from "~/features/auth/user-admin.server";
import { listUsers, type UserRow } from "~/features/auth/user-list.server";
import type { KeysetPage } from "~/lib/paging";
import { action as usersAction, loader as usersLoader } from "~/routes/admin/users";
import { testDatabases } from "../support/databases";
import { signedInAccounts, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { answer, call, formRequest, getRequest } from "../support/route-calls";

stubAuthEnv();

const PASSWORD = "Harbor-Light-42";
/** Seeded accounts besides the signed-in admin: three pages of 50 (the last one short). */
const SEEDED = 120;
const BASE = Date.UTC(2026, 0, 15, 12);

const pad = (i: number) => String(i).padStart(3, "0");

/**
 * Account i made i minutes before BASE, except 47 to 52, made at one instant around the first page's
 * edge (the admin is first, so 49 and 50 sit on either side of it); a few carry the search's oddities.
 */
function seededAccount(i: number) {
  const special: Record<number, { email?: string; name?: string; company?: string | null }> = {
    3: { name: "Ophelia Quartermaine", company: "Harbor Light Homes" },
    10: { email: "under_score@example.com", company: "100% Homes" },
    11: { email: "underxscore@example.com", company: "100 Percent Homes" },
    12: { name: "No Company Person", company: null },
  };
  const extra = special[i] ?? {};
  const email = extra.email ?? `seed${pad(i)}@example.com`;
  const minutes = i >= 47 && i <= 52 ? 47 : i;
  return {
    id: `seed-${pad(i)}`,
    email,
    name: extra.name ?? `Seed Person ${pad(i)}`,
    companyName: extra.company === undefined ? `Company ${pad(i)}` : extra.company,
    createdAt: new Date(BASE - minutes * 60_000),
    role: i % 3 === 0 ? ("client" as const) : undefined,
  };
}

type ListData = { users: KeysetPage<UserRow & { createdAt: Date }> };

describe.each(testDatabases)("the accounts list on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const { ids, cookies } = signedInAccounts(database, { Admin: { role: "admin" } }, PASSWORD);

  const list = async (search = "") => {
    const result = answer(
      await call(usersLoader, getRequest(`/admin/users${search}`, { cookie: cookies.Admin })),
    );
    expect(result.status).toBe(200);
    return (result.data as unknown as ListData).users;
  };
  const emails = (page: { rows: { email: string }[] }) => page.rows.map((row) => row.email);
  const post = (fields: Record<string, string>) =>
    call(usersAction, formRequest("/admin/users", fields, { cookie: cookies.Admin }));

  /** Every account in the list's order, as the database sorts it. */
  const allInOrder = async () =>
    (
      await database.db
        .select({ email: user.email })
        .from(user)
        .orderBy(desc(user.createdAt), asc(user.email))
    ).map((row) => row.email);

  it("seeds the accounts", async () => {
    const accounts = Array.from({ length: SEEDED }, (_, i) => seededAccount(i));
    await database.db.insert(user).values(
      accounts.map(({ id, email, name, createdAt }) => ({
        id,
        email,
        name,
        createdAt,
        emailVerified: true,
      })),
    );
    await database.db
      .insert(profiles)
      .values(accounts.map(({ id, email, companyName }) => ({ userId: id, email, companyName })));
    await database.db
      .insert(userRoles)
      .values(accounts.filter((a) => a.role).map(({ id, role }) => ({ userId: id, role: role! })));
    expect(await allInOrder()).toHaveLength(SEEDED + 1);
  });

  it("shows 50 accounts a page, newest first; Next continues with no account twice and none left out", async () => {
    const expected = await allInOrder();
    const first = await list();
    expect(first.rows).toHaveLength(50);
    expect(first).toMatchObject({ start: 1, previous: null, total: { count: SEEDED + 1, capped: false } });
    expect(first.rows[0]!.email).toBe("admin@example.com");
    expect(first.next).toEqual(expect.any(String));

    const second = await list(`?after=${first.next}`);
    expect(second).toMatchObject({ start: 51, total: { count: SEEDED + 1 } });
    expect(second.rows).toHaveLength(50);
    const third = await list(`?after=${second.next}`);
    expect(third).toMatchObject({ start: 101, next: null });
    expect(third.rows).toHaveLength(SEEDED + 1 - 100);

    const walked = [...emails(first), ...emails(second), ...emails(third)];
    expect(walked).toEqual(expected);
    expect(new Set(walked).size).toBe(walked.length);
    // The accounts made at one instant straddle the first page's edge, in e-mail order.
    expect(emails(first).slice(-2)).toEqual(["seed047@example.com", "seed048@example.com"]);
    expect(emails(second).slice(0, 4)).toEqual([
      "seed049@example.com",
      "seed050@example.com",
      "seed051@example.com",
      "seed052@example.com",
    ]);

    // Previous from page 3 is page 2 again, and from page 2 the first page, as it was.
    const back = await list(`?before=${third.previous}`);
    expect(emails(back)).toEqual(emails(second));
    expect(back.start).toBe(51);
    const home = await list(`?before=${back.previous}`);
    expect(emails(home)).toEqual(emails(first));
    expect(home).toMatchObject({ start: 1, previous: null });

    // A row shows its roles and status as before the paging.
    const seeded = second.rows.find((row) => row.email === "seed051@example.com");
    expect(seeded).toMatchObject({ name: "Seed Person 051", companyName: "Company 051", roles: ["client"] });
    expect(seeded!.status).toBe("invited");
  });

  it("starts over at the first page for a cursor that is not one of ours", async () => {
    const first = emails(await list());
    const forged = Buffer.from(JSON.stringify([7, "not a time", "x@example.com"])).toString("base64url");
    const wrongCount = Buffer.from(JSON.stringify([7, "2026-01-01 00:00:00+00"])).toString("base64url");
    for (const search of [
      "?after=garbage",
      `?after=${forged}`,
      `?before=${forged}`,
      `?after=${wrongCount}`,
      "?before=%27%3B--",
    ]) {
      const page = await list(search);
      expect(emails(page), search).toEqual(first);
      expect(page.start).toBe(1);
    }
  });

  it("finds accounts by part of the e-mail, name or company, in any case, the term trimmed", async () => {
    expect(emails(await list("?q=SEED007%40EXAMPLE"))).toEqual(["seed007@example.com"]);
    expect(emails(await list(`?q=${encodeURIComponent("  quarterMAINE ")}`))).toEqual([
      "seed003@example.com",
    ]);
    expect(emails(await list("?q=harbor+light"))).toEqual(["seed003@example.com"]);
    const byCompany = await list("?q=company+11");
    expect(emails(byCompany)).toEqual(
      [110, 111, 112, 113, 114, 115, 116, 117, 118, 119].map((i) => `seed${pad(i)}@example.com`),
    );
    expect(byCompany.total).toEqual({ count: 10, capped: false });
    // An account without a profile's company is found by its name and e-mail.
    expect(emails(await list("?q=no+company"))).toEqual(["seed012@example.com"]);
  });

  it("takes % and _ in a term literally", async () => {
    expect(emails(await list(`?q=${encodeURIComponent("100%")}`))).toEqual(["under_score@example.com"]);
    expect(emails(await list("?q=under_score"))).toEqual(["under_score@example.com"]);
    expect(emails(await list(`?q=${encodeURIComponent("%")}`))).toEqual(["under_score@example.com"]);
  });

  it("finds nothing for a term no account has, and says how many (none)", async () => {
    const none = await list("?q=zebra-crossing");
    expect(none).toMatchObject({ rows: [], total: { count: 0, capped: false }, next: null, previous: null });
  });

  it("filters by role, alone and with a term, and pages a search by its own cursor", async () => {
    const admins = await list("?role=admin");
    expect(emails(admins)).toEqual(["admin@example.com"]);
    const clients = await list("?role=client");
    expect(clients.total.count).toBe(SEEDED / 3);
    expect(clients.rows.every((row) => row.roles.includes("client"))).toBe(true);
    expect(emails(await list("?q=seed00&role=client"))).toEqual(
      [0, 3, 6, 9].map((i) => `seed${pad(i)}@example.com`),
    );
    // An unknown role is no filter.
    expect((await list("?role=owner")).total.count).toBe(SEEDED + 1);

    // Every seeded account: by its e-mail, or its name "Seed Person ...".
    const expected = (await allInOrder()).filter((email) => email !== "admin@example.com");
    const first = await list("?q=seed");
    expect(first.total).toEqual({ count: SEEDED, capped: false });
    const second = await list(`?q=seed&after=${first.next}`);
    const third = await list(`?q=seed&after=${second.next}`);
    expect([...emails(first), ...emails(second), ...emails(third)]).toEqual(expected);
    expect(third.next).toBeNull();
  });

  it("lists every account for the command line, newest first, with roles and status", async () => {
    const all = await listUsers(commandLine);
    expect(all.map((row) => row.email)).toEqual(await allInOrder());
    expect(all.find((row) => row.id === "seed-003")).toMatchObject({ roles: ["client"], status: "invited" });
    expect(all.find((row) => row.id === ids.Admin)).toMatchObject({ roles: ["admin"], status: "active" });
  });

  it("changes an account from a row's button (one value naming the change, role and account)", async () => {
    const id = "seed-005";
    const granted = answer(await post({ change: `grant-role:admin:${id}` }));
    expect(granted).toMatchObject({
      status: 200,
      data: { ok: true, intent: "grant-role", toast: { text: "seed005@example.com now has the admin role" } },
    });
    const disabled = answer(await post({ change: `disable::${id}` }));
    expect(disabled.data.toast?.text).toBe("seed005@example.com is disabled and signed out");
    const row = (await list("?q=seed005")).rows[0]!;
    expect(row).toMatchObject({ roles: ["admin"], status: "disabled" });
    expect(answer(await post({ change: `enable::${id}` })).data.ok).toBe(true);
    expect(answer(await post({ change: `revoke-role:admin:${id}` })).data.ok).toBe(true);

    // The old separate fields still work, and the refusals are as before.
    expect(answer(await post({ intent: "grant-role", userId: id, role: "client" })).data.ok).toBe(true);
    expect(answer(await post({ change: `revoke-role:admin:${ids.Admin}` })).status).toBe(409);
    expect(answer(await post({ change: `disable::${ids.Admin}` })).status).toBe(409);
    expect(answer(await post({ change: `grant-role::${id}` })).status).toBe(400);
    expect(answer(await post({ change: "grant-role:owner:seed-005" })).status).toBe(400);
    expect(answer(await post({ change: "grant-role:admin:no-such-user" })).status).toBe(404);

    const log = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetUserId, id))
      .orderBy(auditLog.createdAt);
    expect(log.map((entry) => entry.action)).toEqual([
      "role.granted",
      "user.disabled",
      "user.enabled",
      "role.revoked",
      "role.granted",
    ]);
  });
});

/**
 * My Leads' search and quick filters (issue 26 §3), through the real loader and sessions: the search
 * finds the company's leads by seller name, phone (however the number is typed) and address; Waiting for
 * feedback, Mine and Hot narrow them, alone and with the search; and however the list is searched, it
 * holds exactly the company's matching leads, never another company's twin of the same seller nor a lead
 * the agency has not delivered.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clientMembers, leads } from "~/db/schema";
import type { FeedbackStatus, MotivationLevel } from "~/db/enums";
import { loader as leadsLoader } from "~/routes/client/leads";
import { testDatabases } from "../support/databases";
import { signedInAccounts, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { answer, callRoute, getRequest, redirectOf } from "../support/route-calls";

stubAuthEnv();

const PASSWORD = "Harbor-Light-42";

const accounts = {
  ownerA: { role: "client", companyName: "Alpha Homes" },
  memberA: { role: "client", companyName: "Alpha Homes" },
  ownerB: { role: "client", companyName: "Bravo Capital" },
  admin: { role: "admin" },
} as const;
type Who = keyof typeof accounts;

interface Seller {
  first: string;
  last: string;
  phone: string;
  address: string;
  motivation: MotivationLevel;
  feedback: FeedbackStatus;
}

describe.each(testDatabases)("My Leads' search and quick filters on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const { ids, cookies } = signedInAccounts(database, accounts, PASSWORD);

  /** Company A's leads by a short name, and who of A took each (none: nobody yet). */
  const a = {} as Record<"gonzalez" | "oakes" | "lind" | "hale", string>;
  /** Company B's and the agency's undelivered leads: each the twin of one of A's, never A's to see. */
  const notA: string[] = [];

  async function seed(seller: Seller, client: string | null, claimedBy: string | null = null) {
    const [row] = await database.db
      .insert(leads)
      .values({
        firstName: seller.first,
        lastName: seller.last,
        phone: seller.phone,
        address: seller.address,
        city: "Houston",
        state: "TX",
        zipCode: "77002",
        motivationLevel: seller.motivation,
        clientFeedbackStatus: seller.feedback,
        assignedToClientId: client,
        claimedByUserId: claimedBy,
      })
      .returning({ id: leads.id });
    return row!.id;
  }

  const gonzalez: Seller = {
    first: "Maria",
    last: "Gonzalez",
    phone: "7135550142",
    address: "12 Cedar Ln",
    motivation: "hot",
    feedback: "not_reviewed",
  };

  beforeAll(async () => {
    // memberA joins Alpha Homes as a member, as the agency moves an account between companies (the
    // invitation flow itself is client-teams.test.ts's).
    await database.db
      .update(clientMembers)
      .set({ companyId: ids.ownerA, role: "member" })
      .where(eq(clientMembers.userId, ids.memberA));
    a.gonzalez = await seed(gonzalez, ids.ownerA, ids.memberA);
    a.oakes = await seed(
      {
        first: "Peter",
        last: "Oakes",
        phone: "2145550199",
        address: "40 Elm St",
        motivation: "warm",
        feedback: "interested",
      },
      ids.ownerA,
      ids.ownerA,
    );
    a.lind = await seed(
      {
        first: "Rosa",
        last: "Lind",
        phone: "+17135550177",
        address: "9 Oak Street",
        motivation: "cold",
        feedback: "not_reviewed",
      },
      ids.ownerA,
    );
    a.hale = await seed(
      {
        first: "John",
        last: "Hale",
        phone: "8325550100",
        address: "77 Pine Rd",
        motivation: "hot",
        feedback: "contacted",
      },
      ids.ownerA,
      ids.memberA,
    );
    // The same seller delivered to Bravo Capital too, another Oak Street lead of theirs, and the same
    // seller again in the agency's book, delivered to no one: each matches A's searches and filters.
    notA.push(await seed(gonzalez, ids.ownerB, ids.ownerB));
    notA.push(
      await seed(
        { ...gonzalez, first: "Olive", last: "Oakley", phone: "7135550177", address: "5 Oak St" },
        ids.ownerB,
      ),
    );
    notA.push(await seed(gonzalez, null));
  });

  const list = async (who: Who, search: string) => {
    const data = answer(
      await callRoute(leadsLoader, getRequest(`/client/leads${search}`, { cookie: cookies[who] })),
    ).data as unknown as { leads: { rows: { id: string }[]; total: { count: number } } };
    return data.leads;
  };
  const found = async (who: Who, search: string) => {
    const page = await list(who, search);
    const rows = page.rows.map((r) => r.id);
    // The title's count is the rows' count, exactly: a phone typed in full is one lead, not "about 2".
    expect(page.total.count, `total of ${search}`).toBe(rows.length);
    for (const id of notA) expect(rows, `${search} finds another company's lead`).not.toContain(id);
    return rows.sort();
  };
  const sorted = (...names: (keyof typeof a)[]) => names.map((n) => a[n]).sort();

  it.each([
    ["a first name", "maria", ["gonzalez"]],
    ["a full name", "Maria Gonzalez", ["gonzalez"]],
    ["a last name, any case", "GONZ", ["gonzalez"]],
    ["a phone typed with brackets", "(713) 555-0142", ["gonzalez"]],
    ["a phone typed with dashes", "713-555-0142", ["gonzalez"]],
    ["a phone typed with dots", "713.555.0142", ["gonzalez"]],
    ["a phone with the country code", "+1 713 555 0177", ["lind"]],
    ["the phone's digits", "7135550142", ["gonzalez"]],
    ["part of a phone", "713555", ["gonzalez", "lind"]],
    // Numbers are stored as E.164 (leadSchema); of these sellers only Lind's was written so.
    ["the start of a number typed with its bracket", "(7", ["lind"]],
    ["the start of a number with the country code", "+1 (71", ["lind"]],
    ["the start of a number of no lead", "(2", []],
    ["an address", "cedar ln", ["gonzalez"]],
    ["a street word that is also a name", "oak", ["oakes", "lind"]],
    ["nothing of theirs", "zzz", []],
  ] as const)("finds %s (%j) among the company's leads only", async (_, term, expected) => {
    const search = `?q=${encodeURIComponent(term)}`;
    const want = sorted(...expected);
    // Every person of the company gets the same answer.
    expect(await found("ownerA", search)).toEqual(want);
    expect(await found("memberA", search)).toEqual(want);
  });

  it("narrows by each quick filter: waiting for feedback, mine, hot", async () => {
    expect(await found("memberA", "?feedback=not_reviewed")).toEqual(sorted("gonzalez", "lind"));
    expect(await found("ownerA", "?feedback=not_reviewed")).toEqual(sorted("gonzalez", "lind"));
    // Mine is the person's, not the company's: each member sees the leads they took.
    expect(await found("memberA", "?claim=mine")).toEqual(sorted("gonzalez", "hale"));
    expect(await found("ownerA", "?claim=mine")).toEqual(sorted("oakes"));
    expect(await found("memberA", "?motivation=hot")).toEqual(sorted("gonzalez", "hale"));
    expect(await found("ownerA", "?motivation=hot")).toEqual(sorted("gonzalez", "hale"));
  });

  it("combines the search with the quick filters and the other filters", async () => {
    expect(await found("memberA", "?q=713&feedback=not_reviewed")).toEqual(sorted("gonzalez", "lind"));
    expect(await found("memberA", "?q=713&feedback=not_reviewed&claim=mine&motivation=hot")).toEqual(
      sorted("gonzalez"),
    );
    expect(await found("ownerA", "?q=oak&feedback=not_reviewed")).toEqual(sorted("lind"));
    expect(await found("ownerA", "?q=oak&claim=mine")).toEqual(sorted("oakes"));
    expect(await found("ownerA", "?q=oak&claim=unclaimed")).toEqual(sorted("lind"));
    expect(await found("ownerA", "?q=oak&motivation=hot")).toEqual([]);
    // Unknown values are no filter; the search still applies.
    expect(await found("ownerA", "?q=oak&motivation=boiling")).toEqual(sorted("oakes", "lind"));
  });

  it("gives the other company its own twin of the same seller, and nothing of the first company's", async () => {
    const [twin, oakley] = notA;
    const bRows = async (search: string) => (await list("ownerB", search)).rows.map((r) => r.id).sort();
    const mine = Object.values(a);
    for (const search of ["?q=(713)%20555-0142", "?q=oak", "?motivation=hot", "?feedback=not_reviewed"]) {
      const rows = await bRows(search);
      for (const id of mine) expect(rows, `${search} finds one of A's leads`).not.toContain(id);
    }
    expect(await bRows("?q=(713)%20555-0142")).toEqual([twin]);
    expect(await bRows("?q=oak")).toEqual([oakley]);
    expect(await bRows("?claim=mine&q=maria")).toEqual([twin]);
  });

  it("lets no one without a company search the list", async () => {
    const anonymous = await callRoute(leadsLoader, getRequest("/client/leads?q=maria"));
    expect(redirectOf(anonymous).location).toMatch(/^\/auth\?redirectTo=/);
    const admin = await callRoute(
      leadsLoader,
      getRequest("/client/leads?q=maria", { cookie: cookies.admin }),
    );
    // The agency's people are sent home: the client's list is no area of theirs.
    expect(redirectOf(admin).location).toBe("/");
  });
});

import { describe, expect, it } from "vitest";
import { parseClientSort, sortClients, type ClientRow } from "./client-sorts";
import type { GuaranteeStanding } from "./ledger.server";

const row = (name: string, figures: Partial<ClientRow> & { risk?: number }): ClientRow => ({
  id: name,
  email: `${name.toLowerCase()}@example.com`,
  firstName: null,
  lastName: null,
  companyName: name,
  agreement: null,
  assignedLeads: 0,
  deliveredThisMonth: 0,
  lastDeliveredAt: null,
  returnsWaiting: 0,
  ...figures,
  guarantee: figures.risk === undefined ? null : ({ risk: figures.risk } as GuaranteeStanding),
});

// By name, as listClientStandings returns them.
const rows = [
  row("Alpha", { risk: 4, deliveredThisMonth: 3, returnsWaiting: 0, assignedLeads: 9 }),
  row("bravo", { deliveredThisMonth: 8, lastDeliveredAt: new Date("2026-11-20T00:00:00Z") }),
  row("Charlie", { risk: 0, returnsWaiting: 4, lastDeliveredAt: new Date("2026-11-26T00:00:00Z") }),
  row("Delta", { risk: 2, assignedLeads: 12 }),
];
const names = (sorted: ClientRow[]) => sorted.map((r) => r.companyName);

describe("the clients list's orders", () => {
  it("puts the most urgent first, clients without an agreement last, by name within a rank", () => {
    expect(names(sortClients(rows, "standing"))).toEqual(["Charlie", "Delta", "Alpha", "bravo"]);
  });

  it("sorts by name either way whatever the case, and a figure the largest or latest first", () => {
    expect(names(sortClients(rows, "name"))).toEqual(["Alpha", "bravo", "Charlie", "Delta"]);
    expect(names(sortClients(rows, "name_desc"))).toEqual(["Delta", "Charlie", "bravo", "Alpha"]);
    expect(names(sortClients(rows, "delivered"))).toEqual(["bravo", "Alpha", "Charlie", "Delta"]);
    expect(names(sortClients(rows, "returns"))[0]).toBe("Charlie");
    expect(names(sortClients(rows, "last"))).toEqual(["Charlie", "bravo", "Alpha", "Delta"]);
    expect(names(sortClients(rows, "held"))).toEqual(["Delta", "Alpha", "bravo", "Charlie"]);
  });

  it("reads the order from the URL, the most urgent first when it names none", () => {
    expect(parseClientSort("held")).toBe("held");
    expect(parseClientSort(null)).toBe("standing");
    expect(parseClientSort("drop table")).toBe("standing");
  });
});

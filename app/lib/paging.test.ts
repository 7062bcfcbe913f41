import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, keysetPageOf } from "./cursor.server";
import { cappedTotal, COUNT_CAP, countOf, formatTotal, pageCursorOf, withPageCursor } from "./paging";

describe("capped totals", () => {
  it("is exact up to the cap and '10,000+' beyond", () => {
    expect(cappedTotal(COUNT_CAP)).toEqual({ count: 10_000, capped: false });
    expect(cappedTotal(COUNT_CAP + 1)).toEqual({ count: 10_000, capped: true });
    expect(formatTotal(cappedTotal(1234))).toBe("1,234");
    expect(formatTotal(cappedTotal(COUNT_CAP + 1))).toBe("10,000+");
  });

  it("says 'about' an estimate, to two significant digits", () => {
    expect(formatTotal({ count: 1473, capped: false, estimated: true })).toBe("about 1,500");
    expect(countOf({ count: 1, capped: false, estimated: true }, ["lead", "leads"])).toBe("about 1 lead");
    expect(countOf({ count: 1, capped: false }, ["lead", "leads"])).toBe("1 lead");
    expect(countOf({ count: 0, capped: false }, ["lead", "leads"])).toBe("0 leads");
    expect(countOf(cappedTotal(20_000), ["lead", "leads"])).toBe("10,000+ leads");
  });
});

describe("cursors", () => {
  it("round-trips keys and position through URL-safe text", () => {
    const cursor = { keys: ["2026-01-01 12:00:00.000001+00", "O'Brien / Ünal", "x"], position: 51 };
    const token = encodeCursor(cursor);
    expect(token).toMatch(/^[\w-]+$/);
    expect(decodeCursor(token, 3)).toEqual(cursor);
    expect(pageCursorOf(new URLSearchParams(withPageCursor("?q=a", { after: token })))).toEqual({
      after: token,
    });
  });

  it.each([
    ["the wrong number of keys", encodeCursor({ keys: ["a"], position: 1 }), 2],
    ["not base64url JSON", "bm90IGpzb24", 1],
    ["a position below 1", Buffer.from(JSON.stringify([0, "a"])).toString("base64url"), 1],
    ["a fractional position", Buffer.from(JSON.stringify([1.5, "a"])).toString("base64url"), 1],
    ["a key that is not text", Buffer.from(JSON.stringify([1, 5])).toString("base64url"), 1],
    ["an object", Buffer.from(JSON.stringify({ a: 1 })).toString("base64url"), 0],
    ["characters outside base64url", "abc+/=", 1],
    ["too long", "a".repeat(601), 1],
    ["a key holding NUL", Buffer.from(JSON.stringify([1, "a\u0000"])).toString("base64url"), 1],
    [
      "a key holding half a surrogate pair",
      Buffer.from(JSON.stringify([1, "\udc00"])).toString("base64url"),
      1,
    ],
  ])("refuses %s", (_what, token, keyCount) => {
    expect(decodeCursor(token, keyCount)).toBeNull();
  });
});

describe("a keyset page from the rows read", () => {
  const rows = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ n: from + i, cursor: [`k${from + i}`] }));
  const keysOf = (token: string | null) => (token ? decodeCursor(token, 1) : null);

  it("is the first page without a cursor, with Next when one row more was found", () => {
    const page = keysetPageOf(rows(1, 3), null, "after", 2)!;
    expect(page.rows).toEqual([{ n: 1 }, { n: 2 }]);
    expect(page).toMatchObject({ start: 1, previous: null });
    expect(keysOf(page.next)).toEqual({ keys: ["k2"], position: 2 });
    expect(keysetPageOf(rows(1, 2), null, "after", 2)!.next).toBeNull();
  });

  it("continues after a cursor's position", () => {
    const page = keysetPageOf(rows(3, 2), { keys: ["k2"], position: 2 }, "after", 2)!;
    expect(page).toMatchObject({ rows: [{ n: 3 }, { n: 4 }], start: 3, next: null });
    expect(keysOf(page.previous)).toEqual({ keys: ["k3"], position: 3 });
  });

  it("puts a Previous page (read in reverse) back in order, or gives way to the first page", () => {
    // Before row 5 (position 5), read downwards: rows 4, 3, 2 of which two are shown.
    const read = rows(2, 3).reverse();
    const page = keysetPageOf(read, { keys: ["k5"], position: 5 }, "before", 2)!;
    expect(page).toMatchObject({ rows: [{ n: 3 }, { n: 4 }], start: 3 });
    expect(keysOf(page.next)).toEqual({ keys: ["k4"], position: 4 });
    expect(keysOf(page.previous)).toEqual({ keys: ["k3"], position: 3 });
    expect(keysetPageOf(rows(1, 2).reverse(), { keys: ["k3"], position: 3 }, "before", 2)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { methodLabel, requestIdFrom } from "./request-log";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("requestIdFrom", () => {
  it.each(["abc-123", "0f3c9a1e2b4d4e6f8a9b0c1d2e3f4a5b", "lb:1700000000.123@edge-2", "a".repeat(128)])(
    "keeps a sane incoming id: %s",
    (id) => {
      expect(requestIdFrom(id)).toBe(id);
    },
  );

  it.each([
    undefined,
    "",
    "a".repeat(129),
    "has space",
    "new\nline",
    '"quoted"',
    "<script>",
    "-leading-dash",
    "ümlaut",
  ])("replaces %j with a new UUID", (id) => {
    expect(requestIdFrom(id)).toMatch(UUID);
  });

  it("takes the first of repeated headers, and makes a new id for each request", () => {
    expect(requestIdFrom(["first-id", "second-id"])).toBe("first-id");
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});

describe("methodLabel", () => {
  it("keeps the methods we know and folds the rest into OTHER", () => {
    expect(["GET", "HEAD", "POST", "PROPFIND", "get", "X".repeat(50), undefined].map(methodLabel)).toEqual([
      "GET",
      "HEAD",
      "POST",
      "OTHER",
      "OTHER",
      "OTHER",
      "OTHER",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { changeFields, changeValue, parseUserListQuery, userListSearch } from "./user-list.schema";

const parse = (search: string) => parseUserListQuery(new URL(`http://x/admin/users${search}`));

describe("the accounts list's URL", () => {
  it("reads the term trimmed, a known role, the cursor and the open editor", () => {
    expect(parse("?q=%20Ann%20&role=client&after=abc_-1&edit=u-1")).toEqual({
      q: "Ann",
      role: "client",
      cursor: { after: "abc_-1" },
      edit: "u-1",
    });
  });

  it("ignores what it does not know", () => {
    expect(parse("?role=owner&after=a+b&edit=" + "x".repeat(101))).toEqual({
      q: "",
      role: "all",
      cursor: undefined,
      edit: undefined,
    });
    expect(parse(`?q=${"a".repeat(300)}`).q).toHaveLength(255);
  });

  it("writes the filters of a first page back, page and editor left out", () => {
    expect(userListSearch(parse("?q=a%26b&role=admin&after=c&edit=d"))).toBe("?q=a%26b&role=admin");
    expect(userListSearch(parse("?role=all"))).toBe("");
  });
});

describe("a row button's change", () => {
  it("carries the change, the role and the account in one value", () => {
    expect(changeFields(changeValue("grant-role", "u:1", "admin"))).toEqual({
      intent: "grant-role",
      role: "admin",
      userId: "u:1",
    });
    expect(changeFields(changeValue("disable", "u-2"))).toEqual({ intent: "disable", userId: "u-2" });
    expect(changeFields("nonsense")).toEqual({ intent: "nonsense", userId: "" });
  });
});

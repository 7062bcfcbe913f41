import { describe, expect, it } from "vitest";
import { tabIndexForKey } from "./tab-keys";

describe("tabIndexForKey", () => {
  it("moves with the arrows, wrapping round, and jumps with Home and End", () => {
    expect(tabIndexForKey("ArrowRight", 0, 3)).toBe(1);
    expect(tabIndexForKey("ArrowRight", 2, 3)).toBe(0);
    expect(tabIndexForKey("ArrowLeft", 0, 3)).toBe(2);
    expect(tabIndexForKey("Home", 2, 3)).toBe(0);
    expect(tabIndexForKey("End", 0, 3)).toBe(2);
  });

  it("leaves every other key alone", () => {
    for (const key of ["Enter", " ", "Tab", "ArrowDown", "a"])
      expect(tabIndexForKey(key, 1, 3)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { crumbsForPath } from "./breadcrumbs";

describe("crumbsForPath", () => {
  it("starts with Home and labels every segment", () => {
    expect(crumbsForPath("/services/fix-and-flip-x", { services: "Services" })).toEqual([
      { label: "Home", path: "/" },
      { label: "Services", path: "/services" },
      { label: "Fix And Flip X", path: "/services/fix-and-flip-x" },
    ]);
  });

  it("resolves intermediate paths to their canonical form", () => {
    const crumbs = crumbsForPath("/blog/some-post", {}, (p) => (p === "/blog" ? "/blog/index" : p));
    expect(crumbs[1]).toEqual({ label: "Blog", path: "/blog/index" });
  });

  it("has only Home on the root path", () => {
    expect(crumbsForPath("/", {})).toEqual([{ label: "Home", path: "/" }]);
  });
});

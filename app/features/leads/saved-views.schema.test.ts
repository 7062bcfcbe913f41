import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/form-reply";
import { parseLeadListQuery } from "./lead-list.schema";
import {
  builtInViews,
  currentViewOf,
  deleteViewSchema,
  isSavedViewIntent,
  renameViewSchema,
  saveViewSchema,
} from "./saved-views.schema";

const query = (search: string) => parseLeadListQuery(new URL(`http://x/admin/leads${search}`));
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
type Parsed = ReturnType<typeof parseForm>;
const errorsOf = (parsed: Parsed) => (parsed.status === "success" ? undefined : parsed.error);
const valueOf = (parsed: Parsed) => (parsed.status === "success" ? parsed.value : undefined);

describe("the lead list's views", () => {
  it("has the built-in views, each a list URL as the list writes it", () => {
    expect(builtInViews.map((v) => [v.name, v.search])).toEqual([
      ["All leads", ""],
      ["Unassigned", "?client=unassigned"],
      ["Hot, not yet assigned", "?motivation=hot&client=unassigned"],
      ["Waiting for client feedback", "?feedback=not_reviewed"],
    ]);
  });

  it("marks the view a list is, on any of its pages, and none once a filter, the sort or the size changed", () => {
    const mine = {
      id: "3f1c2a9e-7b4d-4c8e-9a1f-0d2b3c4e5f60",
      name: "Hot A-Z",
      search: "?motivation=hot&sort=name",
    };
    const views = [...builtInViews, mine];
    expect(currentViewOf(views, query(""))?.name).toBe("All leads");
    expect(currentViewOf(views, query("?client=unassigned&motivation=hot&after=abc"))?.name).toBe(
      "Hot, not yet assigned",
    );
    expect(currentViewOf(views, query("?sort=name&motivation=hot"))).toBe(mine);
    expect(currentViewOf(views, query("?sort=name&motivation=hot&size=100"))).toBeNull();
    expect(currentViewOf(views, query("?client=unassigned&status=new"))).toBeNull();
  });

  it("checks a view's name: required, at most 40 characters, not a built-in view's", () => {
    const save = (name: string) => parseForm(form({ intent: "save-view", name, search: "" }), saveViewSchema);
    expect(valueOf(save("  Phoenix hot "))).toEqual({ intent: "save-view", name: "Phoenix hot", search: "" });
    expect(errorsOf(save(" "))?.name).toEqual(["Name is required"]);
    expect(save("x".repeat(40)).status).toBe("success");
    expect(errorsOf(save("x".repeat(41)))?.name).toEqual(["Name must be at most 40 characters"]);
    expect(errorsOf(save("waiting for CLIENT feedback"))?.name).toEqual([
      '"Waiting for client feedback" is a built-in view: choose another name',
    ]);
    const rename = parseForm(form({ intent: "rename-view", viewId: "nope", name: "A" }), renameViewSchema);
    expect(errorsOf(rename)?.viewId).toBeDefined();
    expect(parseForm(form({ intent: "delete-view", viewId: "" }), deleteViewSchema).status).toBe("error");
  });

  it("knows its forms' intents from the page's others", () => {
    expect(["save-view", "rename-view", "delete-view"].every(isSavedViewIntent)).toBe(true);
    expect(["columns", "undo", "", null].some(isSavedViewIntent)).toBe(false);
  });
});

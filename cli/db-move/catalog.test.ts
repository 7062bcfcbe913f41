import { describe, expect, test } from "vitest";
import { checksumSql, parentsFirst, quoteIdent } from "./catalog";

describe("parentsFirst", () => {
  test("puts every table after the tables its foreign keys point to, keeping input order otherwise", () => {
    const edges = [
      { child: "lead_documents", parent: "leads" },
      { child: "lead_documents", parent: "stored_files" },
      { child: "leads", parent: "user" },
      { child: "leads", parent: "lead_imports" },
      { child: "lead_imports", parent: "user" },
    ];
    const { order, cyclic } = parentsFirst(
      ["lead_documents", "leads", "lead_imports", "stored_files", "user"],
      edges,
    );
    expect(order).toEqual(["stored_files", "user", "lead_imports", "leads", "lead_documents"]);
    expect(cyclic).toBe(false);
  });

  test("reports a cycle or a table that references itself, and still lists every table", () => {
    const cycle = parentsFirst(
      ["a", "b", "c"],
      [
        { child: "a", parent: "b" },
        { child: "b", parent: "a" },
      ],
    );
    expect(cycle).toEqual({ order: ["c", "a", "b"], cyclic: true });
    expect(parentsFirst(["a"], [{ child: "a", parent: "a" }])).toEqual({ order: ["a"], cyclic: true });
  });
});

test("identifiers are quoted, so any table or column name is safe in the generated SQL", () => {
  expect(quoteIdent('we"ird')).toBe('"we""ird"');
  const text = checksumSql({
    schema: "public",
    name: "user",
    qualified: '"public"."user"',
    columns: [
      { name: "id", generated: false, identityAlways: false, bytea: false },
      { name: "e mail", generated: true, identityAlways: false, bytea: false },
    ],
    userTriggers: false,
  });
  expect(text).toContain('md5(row(t."id", t."e mail")::text)');
  expect(text).toContain('from "public"."user" t');
});

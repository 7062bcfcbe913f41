import { describe, expect, it } from "vitest";
import { parseForm } from "./form-reply";
import { z } from "./zod";

/** A form with a list of ticked ids beside text fields, like the lead list's bulk form. */
const schema = z
  .object({
    id: z.array(z.string()),
    tags: z.array(z.string()).default([]).optional(),
    codes: z.array(z.string()).transform((codes) => codes.map((code) => code.toUpperCase())),
    note: z.string(),
  })
  .superRefine((input, ctx) => {
    if (input.id.length === 0) ctx.addIssue({ code: "custom", path: ["id"], message: "Tick one" });
  });

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("parseForm: fields the schema declares as lists", () => {
  it("reads one value, several values and none as a list of texts", () => {
    const one = parseForm(form([["id", "a"]]), schema);
    expect(one.status).toBe("success");
    expect(one.status === "success" && one.value).toEqual({ id: ["a"], tags: [], codes: [], note: "" });

    const several = parseForm(
      form([
        ["id", "a"],
        ["id", "b"],
        ["tags", "x"],
        ["codes", "c"],
        ["codes", "d"],
        ["note", "first"],
        ["note", "second"],
      ]),
      schema,
    );
    // Every other field stays one text: the first one sent.
    expect(several.status === "success" && several.value).toEqual({
      id: ["a", "b"],
      tags: ["x"],
      codes: ["C", "D"],
      note: "first",
    });
  });

  it("meets the schema's own message for an empty list, and refills lists as lists", () => {
    const none = parseForm(form([["note", "kept"]]), schema);
    expect(none.status).toBe("error");
    const result = none.reply();
    expect(result.error).toEqual({ id: ["Tick one"] });
    expect(result.initialValue).toEqual({ id: [], tags: [], codes: [], note: "kept" });

    const refused = parseForm(
      form([
        ["id", "a"],
        ["id", "b"],
      ]),
      schema,
    ).reply({ fieldErrors: { id: ["Too many"] } });
    expect(refused.error).toEqual({ id: ["Too many"] });
    expect(refused.initialValue).toEqual({ id: ["a", "b"], tags: [], codes: [], note: "" });
  });

  it("leaves files out of a list", () => {
    const data = form([["id", "a"]]);
    data.append("id", new File(["x"], "x.txt"));
    const parsed = parseForm(data, schema);
    expect(parsed.status === "success" && parsed.value.id).toEqual(["a"]);
  });
});

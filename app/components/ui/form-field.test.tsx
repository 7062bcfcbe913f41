import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { countShown, countStatus } from "~/lib/character-count";
import { FormField } from "./form-field";
import { Input } from "./input";
import { Textarea } from "./textarea";

/** The field as the server renders it (what a visitor without JavaScript gets back after a 400). */
const rendered = (
  defaultValue: string,
  options: { limit?: number; trimmed?: boolean; error?: string } = {},
) => {
  const html = renderToStaticMarkup(
    <FormField id="f" label="Message" limit={2000} {...options}>
      <Textarea name="message" defaultValue={defaultValue} />
    </FormField>,
  );
  // Plain markup, read with patterns: the unit tests run without a DOM. Values here need no escaping.
  const textarea = /<textarea([^>]*)>([^<]*)<\/textarea>/.exec(html)!;
  const describedBy = /aria-describedby="([^"]*)"/.exec(textarea[1]!)?.[1]?.split(" ") ?? [];
  const textOf = (attribute: string) => new RegExp(`<p [^>]*${attribute}[^>]*>([^<]*)</p>`).exec(html)?.[1];
  return {
    html,
    textareaAttributes: textarea[1]!,
    value: textarea[2]!,
    describedBy,
    count: textOf('aria-hidden="true"') ?? null,
    over: html.includes("data-over"),
    status: textOf('aria-live="polite"') ?? null,
    text: (id: string) => textOf(`id="${id}"`),
  };
};

describe("the character count", () => {
  it("shows from 90% of the limit", () => {
    expect(countShown(1799, 2000)).toBe(false);
    expect(countShown(1800, 2000)).toBe(true);
    expect(countShown(17, 20)).toBe(false);
    expect(countShown(18, 20)).toBe(true);
    expect(countShown(2500, 2000)).toBe(true);
  });

  it("tells screen readers what is left, or how far past the limit the value is", () => {
    expect(countStatus(100, 2000)).toBe("");
    expect(countStatus(1950, 2000)).toBe("50 characters left of 2,000");
    expect(countStatus(49, 50)).toBe("1 character left of 50");
    expect(countStatus(2000, 2000)).toBe("0 characters left of 2,000");
    expect(countStatus(2001, 2000)).toBe("1 character over the limit of 2,000");
    expect(countStatus(3500, 2000)).toBe("1,500 characters over the limit of 2,000");
  });
});

describe("FormField with a limit", () => {
  it("renders no maxlength and no count well under the limit, with an empty live status", () => {
    const field = rendered("A short message.");
    expect(field.textareaAttributes).not.toMatch(/maxlength/i);
    expect(field.count).toBeNull();
    expect(field.describedBy).toEqual([]);
    expect(field.status).toBe("");
  });

  it("renders the whole over-long value with the count in the error style, next to the error", () => {
    const value = "x".repeat(2500);
    const field = rendered(value, { error: "Message must be less than 2000 characters" });
    expect(field.value).toBe(value);
    expect(field.textareaAttributes).toContain('aria-invalid="true"');
    expect(field.count).toBe("2,500 / 2,000");
    expect(field.over).toBe(true);
    expect(field.describedBy).toEqual(["f-error", "f-count"]);
    expect(field.text("f-error")).toBe("Message must be less than 2000 characters");
    expect(field.text("f-count")).toBe("500 characters over the limit of 2,000");
  });

  it("counts what the schema checks: the trimmed value, unless told otherwise", () => {
    const padded = `  ${"x".repeat(2000)}\n`;
    expect(rendered(padded)).toMatchObject({ count: "2,000 / 2,000", over: false });
    expect(rendered(padded, { trimmed: false })).toMatchObject({ count: "2,003 / 2,000", over: true });
  });

  it("counts a controlled value (e.g. a password held in state)", () => {
    const html = renderToStaticMarkup(
      <FormField id="p" label="Password" limit={128} trimmed={false}>
        <Input type="password" value={"P".repeat(130)} readOnly />
      </FormField>,
    );
    expect(html).toContain("130 / 128");
  });

  it("leaves a field without a limit as it was", () => {
    const html = renderToStaticMarkup(
      <FormField id="n" label="Name">
        <Input name="name" defaultValue={"x".repeat(500)} />
      </FormField>,
    );
    expect(html).not.toContain("aria-live");
    expect(html).not.toContain("aria-describedby");
  });
});

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addressKeyFunctionSql, addressWords } from "./address-key";

describe("the address key function", () => {
  it("is created by a migration exactly as address-key.ts writes it (the rules here are the ones in use)", () => {
    const folder = path.join(import.meta.dirname, "migrations");
    const latest = fs
      .readdirSync(folder)
      .filter((f) => f.endsWith(".sql"))
      .sort()
      .map((f) => fs.readFileSync(path.join(folder, f), "utf8"))
      .filter((text) => text.includes("FUNCTION lw_address_key"))
      .at(-1);
    expect(latest).toContain(addressKeyFunctionSql());
  });

  it("looks each word up once: no spelling maps to two replacements", () => {
    const words = addressWords.map(([word]) => word);
    expect(new Set(words).size).toBe(words.length);
  });
});

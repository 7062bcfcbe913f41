/**
 * The matcher on words it has never been given: each case is generated from our own names (labels and
 * codes), written the ways lists write them (case, punctuation, plurals, verb forms, filler words, a typo),
 * so no expectation here depends on the synonym words the matcher holds. Seeded, so a failure repeats.
 */
import { describe, expect, it } from "vitest";
import { leadSources, motivationLevels, propertyTypes, type Option } from "~/db/enums";
import { bestMatch, CONFIDENT, matchScore, sameWord, stem, tokensOf, vocabulary } from "./matching";
import { randomSource } from "../../../../tests/support/random";
import { matchValue, valueKey, type EnumField } from "./value-synonyms";

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

/** One word as a list might write it: an ending added (last word), a letter doubled or dropped. */
function varyWord(rng: Rng, word: string, last: boolean): string {
  const roll = rng();
  if (roll < 0.25) return last ? word + pick(rng, ["s", "ing", "er", "ers", "ed"]) : word;
  if (roll < 0.35 && word.length >= 7) {
    const at = 2 + Math.floor(rng() * (word.length - 4));
    return word.slice(0, at) + word.slice(at + 1);
  }
  if (roll < 0.45 && word.length >= 7) {
    const at = 2 + Math.floor(rng() * (word.length - 4));
    return word.slice(0, at) + word[at] + word.slice(at);
  }
  return word;
}

/** A name as a list might write it: words varied, case and separators changed, filler around it. */
function varyName(rng: Rng, name: string): string {
  const words = name
    .replace(/[^A-Za-z ]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i, all) => varyWord(rng, word, i === all.length - 1));
  const joined = words.join(pick(rng, [" ", "-", "_", " / ", ""]));
  const cased = pick(rng, [joined.toUpperCase(), joined.toLowerCase(), joined]);
  return pick(rng, ["", "Lead: ", "The "]) + cased + pick(rng, ["", " Leads", " List", "!", " (lead)"]);
}

describe("tokensOf and stem", () => {
  it("undoes case, accents, punctuation, camel case and digits, and drops filler", () => {
    const stems = (...words: string[]) => words.map(stem);
    expect(tokensOf("OWNER_FIRST")).toEqual(stems("owner", "first"));
    expect(tokensOf("ownerFirstName")).toEqual(stems("owner", "first", "name"));
    expect(tokensOf("Phone2")).toEqual(stems("phone"));
    expect(tokensOf("Skip-Traced List")).toEqual(stems("skip", "trace"));
    expect(tokensOf("Résidence")).toEqual(stems("residence"));
    // Only filler: kept, rather than nothing.
    expect(tokensOf("The List")).toEqual(stems("the", "list"));
  });

  it("brings a word's forms to one stem", () => {
    for (const [a, b] of [
      ["mailer", "mailing"],
      ["mails", "mail"],
      ["calling", "calls"],
      ["signs", "sign"],
      ["families", "family"],
    ] as const) {
      expect(stem(a), `${a} ~ ${b}`).toBe(stem(b));
    }
  });

  it("tells words apart that only share letters", () => {
    expect(sameWord("mail", "email")).toBe(false);
    expect(sameWord("hot", "hotel")).toBe(false);
    expect(sameWord("referal", "referral")).toBe(true);
    expect(sameWord("network", "networkin")).toBe(true);
  });

  it("scores coverage of the known spelling, weighted by how much of the words it explains", () => {
    expect(matchScore(["websit", "form"], ["websit"])).toBeCloseTo(0.85);
    expect(matchScore(["websit"], ["websit"])).toBe(1);
    expect(matchScore(["direct"], ["direct", "mail"])).toBeLessThan(CONFIDENT);
  });
});

describe("bestMatch on generated spellings of our own names", () => {
  const fields: [EnumField, readonly Option[]][] = [
    ["leadSource", leadSources],
    ["motivationLevel", motivationLevels],
    ["propertyType", propertyTypes],
  ];

  it.each(fields)("reads 400 spellings of each %s name as that value", (field, options) => {
    const rng = randomSource(7919 + field.length).next;
    const misses: string[] = [];
    for (const option of options) {
      for (let i = 0; i < 400; i++) {
        const written = varyName(rng, pick(rng, [option.label, option.value.replaceAll("_", " ")]));
        const match = matchValue(field, written);
        if (match?.target !== option.value) misses.push(`${written} -> ${match?.target ?? "none"}`);
      }
    }
    // A dropped letter can make another real word; more than 2% wrong is a rule that does not generalise.
    expect(misses.length, misses.slice(0, 20).join("\n")).toBeLessThanOrEqual(options.length * 8);
  });

  it("proposes nothing for words unlike any of ours, rather than a wrong value", () => {
    const rng = randomSource(104729).next;
    const letters = "bcdfghjklmnpqrstvwxz";
    let proposed = 0;
    for (let i = 0; i < 2_000; i++) {
      const word = Array.from({ length: 6 + Math.floor(rng() * 5) }, () => pick(rng, [...letters])).join("");
      if (matchValue("leadSource", word) || matchValue("propertyType", word)) proposed++;
    }
    expect(proposed).toBe(0);
  });

  it("says when two targets fit equally, instead of choosing one", () => {
    const known = vocabulary([
      { target: "a", spellings: ["direct mail"] },
      { target: "b", spellings: ["mail drop"] },
    ]);
    expect(bestMatch("mail", known, { floor: 0 })).toBeNull();
    expect(bestMatch("direct mailer", known)).toEqual({ target: "a", confidence: 1 });
  });

  it("keys values the same way the value mapping stores them", () => {
    expect(valueKey("Direct-Mailer!")).toBe("directmailer");
  });
});

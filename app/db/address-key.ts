/**
 * The normalised address a possible duplicate is matched on (issue 13): "742 Evergreen Terr., Apt 4"
 * and "742 evergreen terrace #4" are one place. Computed by the database, in the SQL function
 * `lw_address_key(address, zip)`, for a stored generated column with an index: every row gets it however
 * it arrives (form, import, API, a test's insert), and the same function normalises a candidate address
 * before a lead is created.
 *
 * Steps: lower case; "#" set apart; anything but letters, digits and "#" to a space; then word by word:
 * unit designators become "#" (one "#" for "Apt #4"), USPS street suffixes and directionals their
 * abbreviations. The ZIP code counts by its first five digits.
 *
 * One word lookup instead of a regular expression per rule: 40 chained `regexp_replace` calls cost 2 ms
 * per address on the embedded database, too slow for an import of 100,000 rows; this costs ~0.1 ms.
 * Changing a word here needs a migration that re-creates the function (`addressKeyFunctionSql`) and
 * rewrites the column.
 */
import { sql, type SQL } from "drizzle-orm";

/** Unit designators: "Apt 4", "Suite 4" and "#4" are the same unit. */
const unitWords = [
  "apartment",
  "apt",
  "unit",
  "suite",
  "ste",
  "room",
  "rm",
  "lot",
  "space",
  "spc",
  "trailer",
  "trlr",
  "number",
  "num",
];

/** USPS abbreviations, each with the spellings people use for it. */
const abbreviations: Record<string, string[]> = {
  st: ["street"],
  ave: ["avenue", "aven", "avenu", "avn", "avnue", "av"],
  rd: ["road"],
  dr: ["drive", "driv", "drv"],
  ln: ["lane"],
  blvd: ["boulevard", "boulv", "boul"],
  ct: ["court"],
  cir: ["circle", "circl", "circ", "crcl", "crcle"],
  pl: ["place"],
  ter: ["terrace"],
  pkwy: ["parkway", "parkwy", "pkway", "pky"],
  hwy: ["highway", "hiway", "hiwy", "hway"],
  trl: ["trail", "trails", "trls"],
  sq: ["square", "sqre", "sqr", "squ"],
  xing: ["crossing"],
  pt: ["point"],
  cv: ["cove"],
  crk: ["creek"],
  hts: ["heights"],
  rdg: ["ridge"],
  aly: ["alley", "allee", "ally"],
  expy: ["expressway"],
  fwy: ["freeway"],
  rte: ["route"],
  plz: ["plaza"],
  ctr: ["center", "centre", "cntr", "cent"],
  ne: ["northeast"],
  nw: ["northwest"],
  se: ["southeast"],
  sw: ["southwest"],
  n: ["north"],
  s: ["south"],
  e: ["east"],
  w: ["west"],
};

/** The function's name in the database. */
export const ADDRESS_KEY_FUNCTION = "lw_address_key";

/** Every [word, replacement] pair the function looks words up in. */
export const addressWords: readonly (readonly [string, string])[] = [
  ...unitWords.map((word) => [word, "#"] as const),
  ...Object.entries(abbreviations).flatMap(([abbr, words]) => words.map((word) => [word, abbr] as const)),
];

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The statement that creates (or replaces) the function, as the migration that introduced it ran it.
 * IMMUTABLE, so a generated column and an index may use it.
 */
export function addressKeyFunctionSql(): string {
  const words = addressWords.map(([word, abbr]) => `(${literal(word)}, ${literal(abbr)})`).join(", ");
  return `CREATE OR REPLACE FUNCTION ${ADDRESS_KEY_FUNCTION}(address text, zip text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT coalesce(string_agg(word, ' ' ORDER BY n), '') || '|' || left(zip, 5)
  FROM (
    SELECT n, word, lag(word) OVER (ORDER BY n) AS previous
    FROM (
      SELECT t.n, coalesce(w.abbr, t.word) AS word
      FROM unnest(string_to_array(btrim(regexp_replace(
             regexp_replace(lower(address), '#', ' # ', 'g'), '[^a-z0-9#]+', ' ', 'g')), ' '))
           WITH ORDINALITY AS t(word, n)
      LEFT JOIN (VALUES ${words}) AS w(word, abbr) ON w.word = t.word
    ) AS mapped
  ) AS tokens
  WHERE NOT (word = '#' AND previous IS NOT DISTINCT FROM '#')
$fn$;`;
}

const wordMap = new Map(addressWords);

/**
 * The same key computed here, word for word as the SQL function does (a test compares the two on the
 * database): the import's whole-file check keys 100,000 addresses, which the embedded database would take
 * 15 s to do through the function.
 */
export function addressKey(address: string, zip: string): string {
  const text = address
    .toLowerCase()
    .replaceAll("#", " # ")
    .replace(/[^a-z0-9#]+/g, " ")
    .trim();
  const words: string[] = [];
  let previous: string | undefined;
  for (const token of text === "" ? [] : text.split(" ")) {
    const word = wordMap.get(token) ?? token;
    if (!(word === "#" && previous === "#")) words.push(word);
    previous = word;
  }
  return `${words.join(" ")}|${zip.slice(0, 5)}`;
}

/** The key of an address and ZIP code given as SQL operands (columns or parameters). */
export function addressKeySql(address: SQL, zipCode: SQL): SQL {
  return sql`${sql.raw(ADDRESS_KEY_FUNCTION)}(${address}, ${zipCode})`;
}

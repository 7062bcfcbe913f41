/**
 * The normalised address a possible duplicate is matched on (issue 13): "742 Evergreen Terr., Apt 4"
 * and "742 evergreen terrace #4" are one place. Written as SQL so the database computes it for every row
 * however the row arrives (form, import, API, a test's insert), in a stored generated column with an
 * index, and the same expression normalises a candidate address before a lead is created.
 *
 * Steps: lower case; "#" set apart; punctuation to spaces; unit designators to "#"; USPS street suffixes
 * and directionals to their abbreviations; runs of spaces to one. The ZIP code counts by its first five
 * digits.
 */
import { sql, type SQL } from "drizzle-orm";

/** [pattern, replacement], applied in this order; \m and \M are PostgreSQL's word boundaries. */
const rules: readonly (readonly [string, string])[] = [
  ["#", " # "],
  ["[^a-z0-9# ]+", " "],
  ["\\m(apartment|apt|unit|suite|ste|room|rm|lot|space|spc|trailer|trlr|number|num)\\M", "#"],
  ["#( +#)+", "#"],
  ["\\mstreet\\M", "st"],
  ["\\m(avenue|aven|avenu|avn|avnue|av)\\M", "ave"],
  ["\\mroad\\M", "rd"],
  ["\\m(drive|driv|drv)\\M", "dr"],
  ["\\mlane\\M", "ln"],
  ["\\m(boulevard|boulv|boul)\\M", "blvd"],
  ["\\mcourt\\M", "ct"],
  ["\\m(circle|circl|circ|crcl|crcle)\\M", "cir"],
  ["\\mplace\\M", "pl"],
  ["\\mterrace\\M", "ter"],
  ["\\m(parkway|parkwy|pkway|pky)\\M", "pkwy"],
  ["\\m(highway|hiway|hiwy|hway)\\M", "hwy"],
  ["\\m(trail|trails|trls)\\M", "trl"],
  ["\\m(square|sqre|sqr|squ)\\M", "sq"],
  ["\\mcrossing\\M", "xing"],
  ["\\mpoint\\M", "pt"],
  ["\\mcove\\M", "cv"],
  ["\\mcreek\\M", "crk"],
  ["\\mheights\\M", "hts"],
  ["\\mridge\\M", "rdg"],
  ["\\m(alley|allee|ally)\\M", "aly"],
  ["\\mexpressway\\M", "expy"],
  ["\\mfreeway\\M", "fwy"],
  ["\\mroute\\M", "rte"],
  ["\\mplaza\\M", "plz"],
  ["\\m(center|centre|cntr|cent)\\M", "ctr"],
  ["\\mnortheast\\M", "ne"],
  ["\\mnorthwest\\M", "nw"],
  ["\\msoutheast\\M", "se"],
  ["\\msouthwest\\M", "sw"],
  ["\\mnorth\\M", "n"],
  ["\\msouth\\M", "s"],
  ["\\meast\\M", "e"],
  ["\\mwest\\M", "w"],
  ["\\s+", " "],
];

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The key of an address and ZIP code given as SQL operands (columns or parameters). */
export function addressKeySql(address: SQL, zipCode: SQL): SQL {
  let expression = sql`lower(${address})`;
  for (const [pattern, replacement] of rules) {
    expression = sql`regexp_replace(${expression}, ${sql.raw(literal(pattern))}, ${sql.raw(literal(replacement))}, 'g')`;
  }
  return sql`(btrim(${expression}) || '|' || left(${zipCode}, 5))`;
}

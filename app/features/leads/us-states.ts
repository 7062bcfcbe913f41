/**
 * The US states and territories by code, name and the short forms people write ("Calif.", "Mass"): one
 * table for the import's state cells and the agreement's target markets.
 */
import { valueKey } from "./import/value-synonyms";

const STATES: Record<string, string> = {
  alabama: "AL",
  alaska: "AK",
  arizona: "AZ",
  arkansas: "AR",
  california: "CA",
  colorado: "CO",
  connecticut: "CT",
  delaware: "DE",
  districtofcolumbia: "DC",
  florida: "FL",
  georgia: "GA",
  hawaii: "HI",
  idaho: "ID",
  illinois: "IL",
  indiana: "IN",
  iowa: "IA",
  kansas: "KS",
  kentucky: "KY",
  louisiana: "LA",
  maine: "ME",
  maryland: "MD",
  massachusetts: "MA",
  michigan: "MI",
  minnesota: "MN",
  mississippi: "MS",
  missouri: "MO",
  montana: "MT",
  nebraska: "NE",
  nevada: "NV",
  newhampshire: "NH",
  newjersey: "NJ",
  newmexico: "NM",
  newyork: "NY",
  northcarolina: "NC",
  northdakota: "ND",
  ohio: "OH",
  oklahoma: "OK",
  oregon: "OR",
  pennsylvania: "PA",
  rhodeisland: "RI",
  southcarolina: "SC",
  southdakota: "SD",
  tennessee: "TN",
  texas: "TX",
  utah: "UT",
  vermont: "VT",
  virginia: "VA",
  washington: "WA",
  westvirginia: "WV",
  wisconsin: "WI",
  wyoming: "WY",
  puertorico: "PR",
};

/** Short forms people write for some states ("Calif.", "Mass"). */
const STATE_SHORT: Record<string, string> = {
  ala: "AL",
  ariz: "AZ",
  ark: "AR",
  calif: "CA",
  cal: "CA",
  colo: "CO",
  conn: "CT",
  dc: "DC",
  del: "DE",
  fla: "FL",
  ill: "IL",
  ind: "IN",
  kans: "KS",
  mass: "MA",
  mich: "MI",
  minn: "MN",
  miss: "MS",
  mont: "MT",
  nebr: "NE",
  nev: "NV",
  okla: "OK",
  ore: "OR",
  penn: "PA",
  penna: "PA",
  tenn: "TN",
  tex: "TX",
  wash: "WA",
  wis: "WI",
  wisc: "WI",
  wyo: "WY",
};
export const STATE_CODES: ReadonlySet<string> = new Set([...Object.values(STATES), "GU", "VI", "AS", "MP"]);

/** A state's name, short form or code (any case, "N.Y." too) as its code; anything else as written. */
export function stateCode(raw: string): string {
  const k = valueKey(raw);
  if (STATE_CODES.has(k.toUpperCase())) return k.toUpperCase();
  return STATES[k] ?? STATE_SHORT[k] ?? raw.trim();
}

/** The code of a state written any of those ways, or null when it names none. */
export function knownStateCode(raw: string): string | null {
  const code = stateCode(raw);
  return STATE_CODES.has(code) ? code : null;
}

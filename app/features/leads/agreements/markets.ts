/**
 * A client's target markets as a person writes them (issue 24 §2), one per line or separated by
 * semicolons: states ("TX", "Texas", "TX, OK"), counties ("Harris County, TX"), ZIP codes ("77002,
 * 77003") and a radius around a ZIP code ("25 miles of 77002"). Pure text in, canonical items out: the
 * browser and the server read the box the same way; which counties and ZIP codes exist is the server's
 * to say (market-zips.server.ts), from its ZIP code table.
 */
import { knownStateCode } from "../us-states";

export type MarketItem =
  | { kind: "state"; state: string }
  | { kind: "county"; county: string; state: string }
  | { kind: "zip"; zip: string }
  | { kind: "radius"; miles: number; zip: string };

/** The widest radius a market may take: a metro area, not half a state. */
export const MAX_RADIUS_MILES = 200;
/** Items one agreement may list: a few hundred ZIP codes typed or pasted is plenty. */
export const MAX_MARKET_ITEMS = 500;

const RADIUS =
  /^(?:within\s+)?(\d{1,3}(?:\.\d+)?)\s*(?:mi|mile|miles)\.?\s+(?:of|around|from|near)?\s*(\d{5})$/i;
const COUNTY = /^(.+?)\s*(?:county|parish|borough)?\s*,\s*([A-Za-z. ]+)$/i;

/** "harris county" and "Harris" name the same county; "Saint" and "St." the same saint. */
export function countyName(raw: string): string {
  const words = raw
    .trim()
    .replace(/\s+(county|parish|borough|census area|municipality)$/i, "")
    .replace(/^saint\s+/i, "St. ")
    .replace(/^st\s+/i, "St. ")
    .split(/\s+/);
  return words.map((w) => (w === w.toLowerCase() ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(" ");
}

/** How an item reads in the agreement, the history and a question: "Harris County, TX". */
export function marketLabel(item: MarketItem): string {
  switch (item.kind) {
    case "state":
      return item.state;
    case "county":
      // Louisiana's counties are parishes.
      return `${item.county} ${item.state === "LA" ? "Parish" : "County"}, ${item.state}`;
    case "zip":
      return item.zip;
    case "radius":
      return `${item.miles} miles of ${item.zip}`;
  }
}

export const marketExamples = '"TX", "Harris County, TX", "77002" or "25 miles of 77002"';

/** One piece of the box as items, or the message that says why it is none. */
function readPiece(piece: string): MarketItem[] | string {
  const radius = RADIUS.exec(piece);
  if (radius) {
    const miles = Number(radius[1]);
    if (miles <= 0 || miles > MAX_RADIUS_MILES) {
      return `"${piece}": a radius is between 1 and ${MAX_RADIUS_MILES} miles`;
    }
    return [{ kind: "radius", miles, zip: radius[2]! }];
  }
  // A list of states and ZIP codes: "TX, OK, 77002".
  const tokens = piece.split(/[,\s]+/).filter(Boolean);
  const listed = tokens.map((token) =>
    /^\d{5}$/.test(token)
      ? ({ kind: "zip", zip: token } as const)
      : knownStateCode(token)
        ? ({ kind: "state", state: knownStateCode(token)! } as const)
        : null,
  );
  if (listed.every((item) => item !== null)) return listed as MarketItem[];
  // A state written in words ("New Mexico") or a county ("Harris County, TX").
  const wholeState = knownStateCode(piece);
  if (wholeState) return [{ kind: "state", state: wholeState }];
  const county = COUNTY.exec(piece);
  const countyState = county ? knownStateCode(county[2]!) : null;
  if (county && countyState) return [{ kind: "county", county: countyName(county[1]!), state: countyState }];
  return `"${piece}" is not a state, county, ZIP code or radius we can read (write it as ${marketExamples})`;
}

/**
 * The items of the box in the order written, without repeats, or the first message about what cannot be
 * read. An empty box is no market at all: the client buys anywhere.
 */
export function parseMarkets(text: string): { items: MarketItem[] } | { error: string } {
  const items = new Map<string, MarketItem>();
  for (const piece of text
    .split(/[\n;]+/)
    .map((p) => p.trim().replace(/[.,]+$/, ""))
    .filter(Boolean)) {
    const read = readPiece(piece);
    if (typeof read === "string") return { error: read };
    for (const item of read) items.set(marketLabel(item), item);
  }
  if (items.size > MAX_MARKET_ITEMS) {
    return {
      error: `List at most ${MAX_MARKET_ITEMS} markets; a state or county covers many ZIP codes at once`,
    };
  }
  return { items: [...items.values()] };
}

/** The markets in a sentence: "Harris County, TX", "TX and OK", "TX, OK and 3 more". */
export function marketsText(labels: readonly string[]): string {
  if (labels.length <= 2) return labels.join(" and ");
  if (labels.length === 3) return `${labels[0]}, ${labels[1]} and ${labels[2]}`;
  return `${labels[0]}, ${labels[1]} and ${labels.length - 2} more`;
}

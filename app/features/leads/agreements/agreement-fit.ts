/**
 * Whether a lead fits a client's agreement (issue 24 §3): inside the target markets and inside the buy
 * box. Pure, so the assignment's question, the routing and the tests read it the same way. An empty
 * criterion is no criterion: an agreement without markets buys anywhere.
 */
import { labelOf, propertyTypes, type PropertyType } from "~/db/enums";
import { formatCount, formatMoney } from "../lead-format";
import { marketsText } from "./markets";

/** The parts of an agreement a machine checks. */
export interface AgreementCriteria {
  /** The markets as written ("Harris County, TX"), to say what a lead is outside of. */
  markets: string[];
  marketStates: string[];
  marketZips: string[];
  propertyTypes: PropertyType[];
  /** The most the client pays: a lead asking more (or, without an asking price, worth more) is outside. */
  maxPrice: number | null;
}

/** What of a lead the criteria look at. */
export interface LeadFacts {
  state: string;
  zipCode: string;
  propertyType: PropertyType;
  askingPrice: number | null;
  estimatedValue: number | null;
}

export type Misfit = "market" | "propertyType" | "price";

/**
 * The lead's price as a buyer reads it: what the seller asks, else what the home is thought to be worth.
 * A lead with neither is not outside a price ceiling: nothing says it is.
 */
const priceOf = (lead: LeadFacts) => lead.askingPrice ?? lead.estimatedValue;

/** How the lead falls outside the agreement, in the order a question names them; empty when it fits. */
export function misfitsOf(criteria: AgreementCriteria, lead: LeadFacts): Misfit[] {
  const misfits: Misfit[] = [];
  const inMarket =
    criteria.markets.length === 0 ||
    criteria.marketStates.includes(lead.state) ||
    criteria.marketZips.includes(lead.zipCode.slice(0, 5));
  if (!inMarket) misfits.push("market");
  if (criteria.propertyTypes.length > 0 && !criteria.propertyTypes.includes(lead.propertyType)) {
    misfits.push("propertyType");
  }
  const price = priceOf(lead);
  if (criteria.maxPrice !== null && price !== null && price > criteria.maxPrice) misfits.push("price");
  return misfits;
}

/** Leads outside the agreement, counted by what is off (a lead can be off in several ways). */
export type MisfitCounts = Record<Misfit, number>;

export const noMisfits = (): MisfitCounts => ({ market: 0, propertyType: 0, price: 0 });

const leads = (n: number) => `${formatCount(n)} ${n === 1 ? "lead" : "leads"}`;

/** "12 leads outside Harris County, TX", "3 leads not Single Family or Condo", "5 leads over $250,000". */
export function misfitTexts(criteria: AgreementCriteria, counts: MisfitCounts): string[] {
  const texts: string[] = [];
  if (counts.market) texts.push(`${leads(counts.market)} outside ${marketsText(criteria.markets)}`);
  if (counts.propertyType) {
    const types = criteria.propertyTypes.map((t) => labelOf(propertyTypes, t));
    const listed =
      types.length <= 2 ? types.join(" or ") : `${types.slice(0, -1).join(", ")} or ${types.at(-1)}`;
    texts.push(`${leads(counts.propertyType)} not ${listed}`);
  }
  if (counts.price && criteria.maxPrice !== null) {
    texts.push(`${leads(counts.price)} priced over ${formatMoney(criteria.maxPrice)}`);
  }
  return texts;
}

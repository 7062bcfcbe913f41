import { labelOf, propertyTypes } from "~/db/enums";
import { formatCount, formatListDate, formatPrice } from "../lead-format";
import { agreementLabels, type AgreementField } from "../agreements/agreement.schema";
import type { AgreementVersion } from "../agreements/agreements.server";

/** One term as it reads, e.g. "7 days", "20% of the leads delivered in the month". */
export function termText(name: keyof typeof agreementLabels, agreement: AgreementVersion): string {
  switch (name) {
    case "leadsPerMonth":
      return formatCount(agreement.leadsPerMonth);
    case "startsOn":
      return formatListDate(agreement.startsOn);
    case "pricePerLead":
      return formatPrice(agreement.pricePerLead);
    case "returnWindowDays":
      return agreement.returnWindowDays === 1 ? "1 day" : `${agreement.returnWindowDays} days`;
    case "returnCapPercent":
      return `${agreement.returnCapPercent}% of the leads delivered in the month`;
    case "targetMarkets":
      return agreement.targetMarkets || "Not stated";
    case "buyBox":
      return agreement.buyBox || "Not stated";
    case "markets":
      return agreement.markets.length ? agreement.markets.join("; ") : "Anywhere";
    case "propertyTypes":
      return agreement.propertyTypes.length
        ? agreement.propertyTypes.map((type) => labelOf(propertyTypes, type)).join(", ")
        : "Any";
    case "maxPrice":
      return agreement.maxPrice === null ? "No ceiling" : formatPrice(agreement.maxPrice);
    case "dailyPace":
      return agreement.dailyPace === null ? "No daily limit" : `${formatCount(agreement.dailyPace)} a day`;
  }
}

const wide = new Set<AgreementField>(["targetMarkets", "buyBox", "markets"]);

/** The agreement's terms, read-only: the client's portal and the admin's summary. */
export function AgreementTerms({ agreement }: { agreement: AgreementVersion }) {
  return (
    <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
      {(Object.keys(agreementLabels) as (keyof typeof agreementLabels)[]).map((name) => (
        <div key={name} className={wide.has(name) ? "sm:col-span-2" : undefined}>
          <dt className="text-sm text-muted-foreground">{agreementLabels[name]}</dt>
          <dd className="mt-1 whitespace-pre-line break-words font-semibold">{termText(name, agreement)}</dd>
        </div>
      ))}
    </dl>
  );
}

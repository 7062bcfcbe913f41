import type { ReactNode } from "react";
import { cn } from "~/lib/utils";
import { formatMoney } from "../lead-format";
import { MotivationBadge } from "./badges";
import type { LeadView } from "./lead-view";

/** The cards of both lead pages (admin and client): a titled panel, and label/value facts inside it. */
export function Card({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6", className)}>
      <h2 className="text-lg font-bold">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
          <dd className="mt-0.5 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A value, or a muted "Not given" when there is none. */
export const orNone = (value: string | null | undefined) =>
  value ? value : <span className="text-muted-foreground">Not given</span>;

/** Motivation and source, as both lead pages show them above the situation notes. */
export function MotivationFacts({ lead }: { lead: Pick<LeadView, "motivationLevel" | "leadSourceLabel"> }) {
  return (
    <Facts
      items={[
        ["Motivation", <MotivationBadge key="m" value={lead.motivationLevel} />],
        ["Lead source", lead.leadSourceLabel],
      ]}
    />
  );
}

/** How the lead pages name each field whose words an import keeps (ADR 056). */
const inTheFile: Record<string, string> = {
  leadSource: "Source in the file",
  motivationLevel: "Motivation in the file",
  propertyType: "Property type in the file",
  leadStatus: "Status in the file",
};

/**
 * An imported lead's own words where they differ from our names ("Source in the file: Direct Mailer"),
 * so what the list said is never lost; nothing for other leads.
 */
export function WordsInTheFile({ values }: { values: Partial<Record<string, string>> | null }) {
  const items = Object.entries(values ?? {}).flatMap(([field, words]) =>
    words && inTheFile[field] ? [[inTheFile[field], words] as [string, string]] : [],
  );
  return items.length > 0 ? (
    <div className="mt-4">
      <Facts items={items} />
    </div>
  ) : null;
}

/** The money of a lead, with the sold price once it is sold (spec 02 §2). */
export function FinancialFacts({
  lead,
}: {
  lead: Pick<LeadView, "askingPrice" | "estimatedValue" | "estimatedRepairCost" | "isSold" | "soldPrice">;
}) {
  return (
    <Facts
      items={[
        ["Asking price", formatMoney(lead.askingPrice)],
        ["Estimated value", formatMoney(lead.estimatedValue)],
        ["Estimated repair cost", formatMoney(lead.estimatedRepairCost)],
        ...(lead.isSold ? ([["Sold Price", formatMoney(lead.soldPrice)]] as [string, string][]) : []),
      ]}
    />
  );
}

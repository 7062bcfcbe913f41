import { ColumnHeads } from "~/components/ui/column-heads";
import { ScrollFrame } from "~/components/ui/scroll-frame";
import { formatCount, formatListDate, formatMonth } from "../lead-format";
import {
  milestoneLabels,
  type LedgerMonth,
  type Milestone,
  type MilestoneState,
} from "../agreements/guarantee";

const stateTone: Record<MilestoneState, string> = {
  not_started: "bg-slate-100 text-slate-800 ring-slate-200",
  on_track: "bg-blue-100 text-blue-800 ring-blue-200",
  at_risk: "bg-amber-100 text-amber-900 ring-amber-200",
  met: "bg-emerald-100 text-emerald-800 ring-emerald-200",
  missed: "bg-red-100 text-red-800 ring-red-200",
};

export function MilestoneBadge({ state }: { state: MilestoneState }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${stateTone[state]}`}
    >
      {milestoneLabels[state]}
    </span>
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "5 days left", "due today", or nothing once the milestone is decided. */
function countdown(milestone: Milestone, now: Date): string {
  if (milestone.state === "met" || milestone.state === "missed") return "";
  const days = Math.ceil((milestone.dueAt.getTime() - now.getTime()) / DAY_MS);
  return days <= 0 ? " · due today" : ` · ${days} ${days === 1 ? "day" : "days"} left`;
}

/** The ledger's figures for one month, as label and value pairs. */
export const ledgerFigures = (month: LedgerMonth): [string, number][] => [
  ["Promised", month.promised],
  ["Delivered", month.delivered],
  ["Returned", month.returned],
  ["Replacements owed", month.replacementsOwed],
  ["Replacements delivered", month.replacementsDelivered],
  ["Net delivered", month.netDelivered],
];

/**
 * How the guarantee stands (issue 15): the start's two milestones with their countdowns, and the ledger
 * month by month, newest first. The client sees theirs on /client, admins each client's on its page.
 */
export function GuaranteePanel({
  milestones,
  months,
  now,
}: {
  milestones: Milestone[];
  months: LedgerMonth[];
  now: Date;
}) {
  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="Guarantee milestones">
        {milestones.map((milestone) => (
          <li key={milestone.name} className="rounded-2xl border border-border bg-card p-5 shadow-sm">
            <p className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">{milestone.name}</span>
              <MilestoneBadge state={milestone.state} />
            </p>
            <p className="mt-2 text-sm text-muted-foreground">
              {formatCount(milestone.count)} of {formatCount(milestone.target)} · due{" "}
              {formatListDate(milestone.dueAt)}
              {countdown(milestone, now)}
            </p>
          </li>
        ))}
      </ul>
      <ScrollFrame label="Ledger by month">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Leads promised, delivered and returned, by month</caption>
          <ColumnHeads
            names={["Month", ...ledgerFigures(months[0]!).map(([name]) => ({ name, numeric: true }))]}
          />
          <tbody className="divide-y divide-border">
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row" className="px-4 py-3 font-semibold whitespace-nowrap">
                  {formatMonth(month.month)}
                </th>
                {ledgerFigures(month).map(([label, value]) => (
                  <td key={label} className="px-4 py-3 text-right tabular-nums">
                    {formatCount(value)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollFrame>
    </div>
  );
}

import { Link } from "react-router";
import { formatTotal } from "~/lib/paging";
import { cn } from "~/lib/utils";
import { UNTOUCHED_HOURS, type AdminHome } from "../admin-home";
import { formatCount } from "../lead-format";

interface Item {
  label: string;
  value: string;
  detail: string;
  to: string;
  /** Something waits on someone: drawn to catch the eye. Zero is calm. */
  waiting: boolean;
}

const age = (hours: number) =>
  hours < 1 ? "under an hour" : hours < 48 ? `${Math.floor(hours)} h` : `${Math.floor(hours / 24)} days`;

function itemsOf(home: AdminHome): Item[] {
  // "Red Oak Property Group: 12 leads" (issue 26 §2): the account manager sees whose leads went cold.
  const named = home.untouchedBy
    .map((c) => `${c.client}: ${formatCount(c.count)} ${c.count === 1 ? "lead" : "leads"}`)
    .join(" · ");
  return [
    {
      label: "Unassigned leads",
      value: formatTotal(home.unassigned),
      detail:
        `${formatTotal(home.unassignedToday)} of them arrived today` +
        (home.routingHeld.count > 0 ? `; ${formatTotal(home.routingHeld)} held by routing` : ""),
      to: "/admin/leads?client=unassigned",
      waiting: home.unassigned.count > 0,
    },
    {
      label: "Leads in today",
      value: formatTotal(home.arrivedToday),
      detail: "since midnight UTC",
      to: `/admin/leads?from=${home.today}`,
      waiting: false,
    },
    {
      label: "Returns waiting",
      value: formatCount(home.returnsWaiting),
      detail:
        home.oldestReturnHours === null ? "none to decide" : `the oldest for ${age(home.oldestReturnHours)}`,
      to: "/admin/returns",
      waiting: home.returnsWaiting > 0,
    },
    {
      label: `No feedback after ${UNTOUCHED_HOURS} h`,
      value: formatCount(home.untouched),
      detail: named || "every client has answered",
      to: "/admin/clients",
      waiting: home.untouched > 0,
    },
    {
      label: "Clients behind",
      value: formatCount(home.clientsBehind),
      detail: "a milestone or this month's pace",
      to: "/admin/clients",
      waiting: home.clientsBehind > 0,
    },
    {
      label: "Clients over",
      value: formatCount(home.clientsOver),
      detail: "sent more than this month's promise",
      to: "/admin/clients",
      waiting: home.clientsOver > 0,
    },
    {
      label: "Imports",
      value: formatCount(home.importsRunning),
      detail:
        home.importsFailed > 0
          ? `running; ${formatCount(home.importsFailed)} failed this week`
          : "running; none failed this week",
      to: "/admin/leads/import",
      waiting: home.importsFailed > 0,
    },
    {
      label: "Webhooks failing",
      value: formatCount(home.webhooksFailing),
      detail: home.webhooksFailing > 0 ? "failing or paused endpoints" : "every endpoint answers",
      to: "/admin/webhooks",
      waiting: home.webhooksFailing > 0,
    },
  ];
}

/** The admin home's first section: the work that waits, each a link to the screen that does it. */
export function WorkQueue({ home }: { home: AdminHome }) {
  return (
    <section aria-labelledby="work-heading">
      <h2 id="work-heading" className="text-xl font-bold">
        Waiting for you
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
        {itemsOf(home).map((item) => (
          <li key={item.label}>
            <Link
              to={item.to}
              className={cn(
                "block h-full rounded-2xl border bg-card p-4 shadow-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                item.waiting ? "border-amber-400" : "border-border",
              )}
            >
              <span className="block text-sm text-muted-foreground">{item.label}</span>
              <span
                className={cn(
                  "mt-1 block text-2xl font-extrabold tabular-nums",
                  item.waiting ? "text-amber-800" : "text-foreground",
                )}
              >
                {item.value}
              </span>
              <span className="block text-xs break-words text-muted-foreground">{item.detail}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { marketsText } from "../agreements/markets";
import { Link } from "react-router";
import { clientDisplayName, formatCount, formatListDate } from "../lead-format";
import type { ClientStanding } from "../agreements/agreements.server";
import type { GuaranteeStanding } from "../agreements/ledger.server";
import { overText, riskTexts } from "../agreements/guarantee";
import { formatPrice } from "./agreement-terms";
import { MilestoneBadge } from "./guarantee-panel";
import { ScrollFrame } from "~/components/ui/scroll-frame";
import { ColumnHeads } from "~/components/ui/column-heads";

/**
 * /admin/clients: every client account, the most urgent first, with the start's milestones, this
 * month's net deliveries against the promise (flagged when they went beyond it), and the agreement at
 * a glance.
 */
export function ClientStandings({
  clients,
}: {
  clients: (ClientStanding & { guarantee: GuaranteeStanding | null })[];
}) {
  if (clients.length === 0) {
    return (
      <p className="rounded-xl border border-border bg-card p-6 text-muted-foreground">
        No client accounts yet. Invite one on the Users page.
      </p>
    );
  }
  return (
    <ScrollFrame label="Client standings">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Client accounts, the most urgent first</caption>
        <ColumnHeads names={["Client", "Standing", "This month", "Agreement", "Leads held"]} />
        <tbody className="divide-y divide-border">
          {clients.map((client) => (
            <tr key={client.id} className="align-top">
              <td className="px-4 py-3">
                <Link
                  to={`/admin/clients/${client.id}`}
                  className="font-semibold text-primary underline-offset-4 hover:underline"
                >
                  {clientDisplayName(client)}
                </Link>
                <p className="text-muted-foreground">{client.email}</p>
              </td>
              <td className="px-4 py-3">
                {client.guarantee ? (
                  <>
                    <p className="font-semibold">{riskTexts[client.guarantee.risk]}</p>
                    <ul className="mt-1 space-y-1">
                      {client.guarantee.milestones.map((m) => (
                        <li
                          key={m.name}
                          className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground"
                        >
                          <MilestoneBadge state={m.state} /> {m.name}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </td>
              <td className="px-4 py-3 tabular-nums">
                {client.guarantee
                  ? `${formatCount(client.guarantee.thisMonth.netDelivered)} of ${formatCount(client.guarantee.thisMonth.promised)} net`
                  : "—"}
                {client.guarantee && client.guarantee.thisMonth.over > 0 && (
                  <p className="font-semibold text-amber-800">{overText(client.guarantee.thisMonth)}</p>
                )}
                {client.guarantee && client.guarantee.thisMonth.returned > 0 && (
                  <p className="text-xs text-muted-foreground">
                    {formatCount(client.guarantee.thisMonth.returned)} returned
                  </p>
                )}
              </td>
              <td className="px-4 py-3">
                {client.agreement ? (
                  <>
                    {formatCount(client.agreement.leadsPerMonth)} a month from{" "}
                    {formatListDate(client.agreement.startsOn)}
                    <p className="text-xs text-muted-foreground">
                      {formatPrice(client.agreement.pricePerLead)} a lead
                      {" · "}
                      {client.agreement.markets.length ? marketsText(client.agreement.markets) : "any market"}
                    </p>
                  </>
                ) : (
                  <span className="font-semibold text-amber-800">No agreement yet</span>
                )}
              </td>
              <td className="px-4 py-3 tabular-nums">{formatCount(client.assignedLeads)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  );
}

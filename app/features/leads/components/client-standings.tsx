import { Link } from "react-router";
import { clientDisplayName, formatCount, formatListDate } from "../lead-format";
import type { ClientStanding } from "../agreements/agreements.server";
import { formatPrice } from "./agreement-terms";

/** /admin/clients: every client account with its agreement at a glance and the leads it holds. */
export function ClientStandings({ clients }: { clients: ClientStanding[] }) {
  if (clients.length === 0) {
    return (
      <p className="rounded-xl border border-border bg-card p-6 text-muted-foreground">
        No client accounts yet. Invite one on the Users page.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Client accounts with their agreements</caption>
        <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {["Client", "Agreement", "Price per lead", "Leads held"].map((name) => (
              <th key={name} scope="col" className="px-4 py-3">
                {name}
              </th>
            ))}
          </tr>
        </thead>
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
                {client.agreement ? (
                  `${formatCount(client.agreement.leadsPerMonth)} leads a month from ${formatListDate(client.agreement.startsOn)}`
                ) : (
                  <span className="font-semibold text-amber-800">No agreement yet</span>
                )}
              </td>
              <td className="px-4 py-3">
                {client.agreement ? formatPrice(client.agreement.pricePerLead) : "—"}
              </td>
              <td className="px-4 py-3">{formatCount(client.assignedLeads)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { Link } from "react-router";
import { marketsText } from "../agreements/markets";
import { clientDisplayName, formatAgo, formatCount, formatListDate, formatPrice } from "../lead-format";
import { clientSorts, type ClientRow, type ClientSort } from "../agreements/client-sorts";
import { milestoneLabels, overText, riskTexts } from "../agreements/guarantee";
import { cn } from "~/lib/utils";
import { labelOf } from "~/db/enums";
import { SortableHead } from "./lead-table-parts";

type Row = ClientRow;

const headClass = "px-1.5 py-2 font-semibold whitespace-nowrap";

/** A header that sorts the list: by name either way, a figure the largest first. */
function Head({ label, sort, by }: { label: string; sort: ClientSort; by: ClientSort | "name" }) {
  const current = by === "name" ? sort === "name" || sort === "name_desc" : sort === by;
  const direction = !current ? null : sort === "name" ? "ascending" : "descending";
  const next = by === "name" ? (sort === "name" ? "name_desc" : "name") : by;
  return (
    <SortableHead
      label={label}
      direction={direction}
      to={next === "standing" ? "/admin/clients" : `/admin/clients?sort=${next}`}
      className={cn(headClass, by === "name" && "pl-3", by === "held" && "pr-3")}
    />
  );
}

/**
 * /admin/clients (issue 15, issue 25): every client account in a compact table that sorts by its
 * headers (links: they work without JavaScript), the most urgent first by default. A row: the client,
 * how they stand (the start's milestones not yet met), this month's net deliveries against the promise
 * (flagged over) with the deliveries and returns behind it, returns waiting (a link to them in the queue), the latest
 * delivery, the agreement, and the leads held. On a phone each row is a card.
 */
export function ClientStandings({ clients, sort, now }: { clients: Row[]; sort: ClientSort; now: number }) {
  if (clients.length === 0) {
    return (
      <p className="rounded-xl border border-border bg-card p-6 text-muted-foreground">
        No client accounts yet. Invite one on the Users page.
      </p>
    );
  }
  return (
    <div className="rounded-xl border border-border bg-card shadow-sm md:overflow-x-auto">
      <table className="block w-full text-left text-sm md:table">
        <caption className="sr-only">Client accounts, {labelOf(clientSorts, sort).toLowerCase()}</caption>
        <thead className="hidden border-b border-border bg-muted/60 text-xs text-muted-foreground md:table-header-group">
          <tr>
            <Head label="Client" sort={sort} by="name" />
            <Head label="Standing" sort={sort} by="standing" />
            <Head label="This month" sort={sort} by="delivered" />
            <Head label="Returns" sort={sort} by="returns" />
            <Head label="Last delivery" sort={sort} by="last" />
            <th scope="col" className={headClass}>
              Agreement
            </th>
            <Head label="Leads held" sort={sort} by="held" />
          </tr>
        </thead>
        <tbody className="block md:table-row-group">
          {clients.map((client) => (
            <ClientRowView key={client.id} client={client} now={now} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ClientRowView({ client, now }: { client: Row; now: number }) {
  const name = clientDisplayName(client);
  const month = client.guarantee?.thisMonth;
  const over = month ? overText(month) : null;
  const open = client.guarantee?.milestones.filter((m) => m.state !== "met") ?? [];
  const markets = client.agreement?.markets.length ? marketsText(client.agreement.markets) : "any market";
  return (
    // The row's and cells' shared classes are `client-row` in app.css; a cell with data-label shows its
    // column's name above the figure on a phone card, where the table's header is hidden.
    <tr className="client-row">
      <td className="col-span-2 min-w-0 md:pl-3">
        <Link
          to={`/admin/clients/${client.id}`}
          className="block font-semibold break-words text-primary underline-offset-4 hover:underline max-md:text-base md:max-w-[11rem] md:whitespace-normal"
        >
          {name}
        </Link>
        {/* Whole, wrapped where it must: a name or an address cut short reads as another. */}
        <p className="text-xs break-all text-muted-foreground md:max-w-[11rem] md:whitespace-normal">
          {client.email}
        </p>
      </td>
      <td className="text-right md:text-left">
        {client.guarantee ? (
          <>
            <p
              className={cn(
                "font-semibold",
                client.guarantee.risk < 3 ? "text-red-800" : client.guarantee.risk === 3 && "text-amber-800",
              )}
            >
              {riskTexts[client.guarantee.risk]}
            </p>
            {open.map((m) => (
              <p
                key={m.name}
                className="text-xs text-muted-foreground max-md:hidden md:max-w-[11rem] md:whitespace-normal"
              >
                {m.name}: {milestoneLabels[m.state].toLowerCase()}
              </p>
            ))}
          </>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </td>
      <td data-label="This month" className="col-span-2 tabular-nums">
        {month ? `${formatCount(month.netDelivered)} of ${formatCount(month.promised)} net` : "—"}
        {over && <p className="font-semibold text-amber-800">{over}</p>}
        <p className="text-xs text-muted-foreground">
          {formatCount(client.deliveredThisMonth)} delivered
          {month && month.returned > 0 && ` · ${formatCount(month.returned)} returned`}
        </p>
      </td>
      <td data-label="Returns" className="tabular-nums">
        {client.returnsWaiting > 0 ? (
          <Link
            to={`/admin/returns?client=${client.id}`}
            className="font-semibold text-primary underline-offset-4 hover:underline"
          >
            {formatCount(client.returnsWaiting)} waiting
            <span className="sr-only"> from {name}</span>
          </Link>
        ) : (
          <span className="text-muted-foreground">None waiting</span>
        )}
      </td>
      <td data-label="Last delivery" className="md:whitespace-nowrap">
        {client.lastDeliveredAt ? (
          <time
            dateTime={new Date(client.lastDeliveredAt).toISOString()}
            title={formatListDate(client.lastDeliveredAt)}
          >
            {formatAgo(client.lastDeliveredAt, now)}
          </time>
        ) : (
          <span className="text-muted-foreground">Never</span>
        )}
      </td>
      <td data-label="Agreement" className="col-span-3 min-w-0">
        {/* A box of its own width: a table cell's max-width does not hold its text in. */}
        <div className="min-w-0 md:w-40 md:whitespace-normal">
          {client.agreement ? (
            <>
              {formatCount(client.agreement.leadsPerMonth)} a month from{" "}
              {formatListDate(client.agreement.startsOn)}
              <p className="text-xs break-words text-muted-foreground">
                {formatPrice(client.agreement.pricePerLead)} a lead · {markets}
              </p>
            </>
          ) : (
            <span className="font-semibold text-amber-800">No agreement yet</span>
          )}
        </div>
      </td>
      <td data-label="Leads held" className="tabular-nums md:pr-3">
        {formatCount(client.assignedLeads)}
      </td>
    </tr>
  );
}

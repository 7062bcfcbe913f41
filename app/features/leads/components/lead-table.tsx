import { Columns3 } from "lucide-react";
import { useCallback, useEffect, useRef, type ReactNode } from "react";
import { Link, useFetcher, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { labelOf } from "~/db/enums";
import type { SerializeFrom } from "~/lib/serialize-from";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { listLeads } from "../lead-queries.server";
import {
  clientDisplayName,
  formatAge,
  formatAgo,
  formatListDate,
  formatMoney,
  formatPhone,
  oneLineAddress,
} from "../lead-format";
import {
  leadListSearch,
  leadPageSizes,
  leadSorts,
  nextSortOf,
  optionalLeadColumns,
  sortDirectionOf,
  type LeadColumn,
  type LeadListQuery,
  type SortableColumn,
} from "../lead-list.schema";
import { MotivationBadge, StatusBadge } from "./badges";
import { BULK_FORM_ID } from "./bulk-bar";
import {
  RowLink,
  RowLinkPrefetch,
  SortableHead,
  TickAllBox,
  useRowKeys,
  useRowOpening,
  ViewIconLink,
} from "./lead-table-parts";
import { useCloseOnOutsideClick } from "./filters";

/** A row of the list as the loader sends it (React Router's serialization of `listLeads`). */
type Row = SerializeFrom<typeof listLeads>["rows"][number];

/**
 * A cell that only a wide screen shows (the phone's card keeps name, address, status, client, age). The
 * row's and cells' classes (`list-row`, `lead-name`, ...) are in app.css: written once, not on each of 100 rows.
 */
const wideOnly = "max-md:hidden";

/** What each optional column shows for a row. */
const optionalCells: Record<LeadColumn, (lead: Row, now: number) => ReactNode> = {
  source: (lead) => lead.leadSourceLabel,
  zip: (lead) => lead.zipCode,
  value: (lead) =>
    lead.estimatedValue ? formatMoney(lead.estimatedValue) : <span className="text-muted-foreground">—</span>,
  activity: (lead, now) => (
    <time dateTime={String(lead.updatedAt)} title={formatListDate(lead.updatedAt)}>
      {formatAgo(lead.updatedAt, now)}
    </time>
  ),
  arrival: (lead) =>
    lead.importId ? "CSV import" : lead.apiKeyId ? `API: ${lead.apiKeyName ?? "deleted key"}` : "By hand",
  delivered: (lead, now) =>
    lead.deliveredAt ? (
      formatAge(lead.deliveredAt, now, "day")
    ) : (
      <span className="text-muted-foreground">Not delivered</span>
    ),
};

/**
 * The admin lead table (spec 02 §2: its columns, "Loading leads..." while the list reloads, "No leads
 * found" when empty), compact for volume (issue 25): one line per lead on a wide screen, the optional
 * columns the person chose, sortable headers (links, so they work without JavaScript), and the whole row
 * opening the lead. On a phone each row is a card of about 100 px: name and status, address, client and
 * age. With JavaScript, j and k move between rows, Enter opens one and x ticks it; the header's checkbox
 * ticks the whole page. Each row's checkbox belongs to the bulk form (`form="bulk-form"`).
 */
export function LeadTable({
  rows,
  query,
  columns,
  now,
  onTickedChange,
}: {
  rows: Row[];
  query: LeadListQuery;
  columns: readonly LeadColumn[];
  /** The server's time when it read the rows: ages count from it, so server and browser agree. */
  now: number;
  /** Told how many rows are ticked after each change. */
  onTickedChange?: (ticked: number) => void;
}) {
  const navigation = useNavigation();
  const openRow = useRowOpening();
  const tableRef = useRef<HTMLTableElement>(null);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/leads";
  const rowBoxes = useCallback(
    () => [
      ...(tableRef.current?.querySelectorAll<HTMLInputElement>(`input[form="${BULK_FORM_ID}"][name="id"]`) ??
        []),
    ],
    [],
  );
  const recount = useCallback(
    () => onTickedChange?.(rowBoxes().filter((box) => box.checked).length),
    [onTickedChange, rowBoxes],
  );
  // Rows come and go (another page, a live update): count again what is still ticked.
  useEffect(recount, [rows, recount]);
  useRowKeys(tableRef, recount);
  const shown = optionalLeadColumns.filter((c) => columns.includes(c.value));
  const span = 9 + shown.length;
  return (
    <div className="relative rounded-xl border border-border bg-card shadow-sm md:overflow-x-auto">
      <table
        ref={tableRef}
        onChange={recount}
        onClick={openRow}
        className="block w-full text-left text-sm md:table"
      >
        <caption className="sr-only">Leads, {labelOf(leadSorts, query.sort).toLowerCase()}</caption>
        <thead className="hidden border-b border-border bg-muted/60 text-xs text-muted-foreground md:table-header-group">
          <tr>
            <th scope="col" className="w-8 py-2 pl-3 pr-1">
              <TickAllBox
                label="Tick every lead on this page"
                shown={rows.length > 0}
                onChange={(checked) => {
                  for (const box of rowBoxes()) box.checked = checked;
                }}
              />
            </th>
            <SortHeader column="Name" query={query} />
            <th scope="col" className={headClass}>
              Phone
            </th>
            <th scope="col" className={headClass}>
              Address
            </th>
            <th scope="col" className={headClass}>
              Motivation
            </th>
            <th scope="col" className={headClass}>
              Status
            </th>
            <th scope="col" className={headClass}>
              Client
            </th>
            <SortHeader column="Created" query={query} />
            {shown.map((c) =>
              c.value === "activity" ? (
                <SortHeader key={c.value} column="Last activity" query={query} />
              ) : (
                <th key={c.value} scope="col" className={headClass}>
                  {c.label}
                </th>
              ),
            )}
            <th scope="col" className={headClass}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="block md:table-row-group" aria-busy={loading || undefined}>
          {loading ? (
            <tr className="block md:table-row">
              <td colSpan={span} className={messageClass} role="status">
                Loading leads...
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr className="block md:table-row">
              <td colSpan={span} className={messageClass}>
                No leads found
              </td>
            </tr>
          ) : (
            rows.map((lead) => {
              const to = `/admin/leads/${lead.id}`;
              const name = `${lead.firstName} ${lead.lastName}`;
              const address = oneLineAddress(lead);
              return (
                <tr key={lead.id} className="list-row">
                  <td className="lead-tick">
                    <input
                      type="checkbox"
                      form={BULK_FORM_ID}
                      name="id"
                      value={lead.id}
                      aria-label={`Tick ${name}`}
                    />
                  </td>
                  <td className="lead-name">
                    <RowLink to={to} data-row-link>
                      {name}
                    </RowLink>
                  </td>
                  <td className={wideOnly}>
                    <a href={`tel:${lead.phone}`} className="hover:underline">
                      {formatPhone(lead.phone)}
                    </a>
                  </td>
                  <td className="lead-address">
                    <span title={address}>{address}</span>
                  </td>
                  <td className={wideOnly}>
                    <MotivationBadge value={lead.motivationLevel} />
                  </td>
                  <td className="lead-status">
                    <StatusBadge value={lead.leadStatus} />
                  </td>
                  <td className="lead-client">
                    {lead.client ? (
                      <span className="name">{clientDisplayName(lead.client)}</span>
                    ) : (
                      <span className="text-muted-foreground">Unassigned</span>
                    )}
                  </td>
                  <td className="lead-age">
                    <span className="text-muted-foreground md:hidden">{formatAgo(lead.createdAt, now)}</span>
                    <span className="max-md:hidden">{formatListDate(lead.createdAt)}</span>
                  </td>
                  {shown.map((c) => (
                    <td key={c.value} className={wideOnly}>
                      {optionalCells[c.value](lead, now)}
                    </td>
                  ))}
                  <td className="lead-view max-md:hidden">
                    <ViewIconLink to={to} name={name} />
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
      <RowLinkPrefetch tableRef={tableRef} />
    </div>
  );
}

const headClass = "px-1.5 py-2 font-semibold whitespace-nowrap";

const messageClass = "block px-4 py-10 text-center text-muted-foreground md:table-cell";

/** A header that sorts the lead list (issue 25): its order, or the other way round when it is the current one. */
function SortHeader({ column, query }: { column: SortableColumn; query: LeadListQuery }) {
  return (
    <SortableHead
      label={column}
      direction={sortDirectionOf(column, query.sort)}
      to={`/admin/leads${leadListSearch({ ...query, sort: nextSortOf(column, query.sort) })}`}
      className={headClass}
    />
  );
}

/**
 * The column chooser (issue 25): the optional columns as checkboxes, saved for the person on the server
 * (ADR 040). With JavaScript a tick saves at once and the table follows before the answer; without it,
 * "Save columns" posts the form and the list comes back with them.
 */
/** One fetcher for every tick: a new one supersedes the one still on its way. */
const COLUMNS_FETCHER = "lead-columns";

export function ColumnChooser({ columns, query }: { columns: readonly LeadColumn[]; query: LeadListQuery }) {
  const fetcher = useFetcher({ key: COLUMNS_FETCHER });
  const hydrated = useHydrated();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useCloseOnOutsideClick(detailsRef);
  return (
    <details ref={detailsRef} className="group/columns relative">
      <summary
        className={cn(
          buttonVariants({ variant: "outline", size: "sm" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        )}
      >
        <Columns3 aria-hidden="true" /> Columns
      </summary>
      <fetcher.Form
        method="post"
        action="/admin/leads"
        className="absolute right-0 z-30 mt-2 w-56 rounded-xl border border-border bg-card p-3 shadow-lg"
        onChange={(event) =>
          void fetcher.submit(event.currentTarget, { method: "post", action: "/admin/leads" })
        }
      >
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">Columns shown</legend>
          <input type="hidden" name="intent" value="columns" />
          <input type="hidden" name="back" value={leadListSearch(query)} />
          {optionalLeadColumns.map((c) => (
            <label key={c.value} className="flex min-h-8 cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="column"
                value={c.value}
                defaultChecked={columns.includes(c.value)}
                className="size-4 accent-primary"
              />
              {c.label}
            </label>
          ))}
        </fieldset>
        {!hydrated && (
          <Button type="submit" variant="outline" size="sm" className="mt-2">
            Save columns
          </Button>
        )}
      </fetcher.Form>
    </details>
  );
}

/** The columns to draw: the ones being saved (a tick not yet answered), else the person's saved ones. */
export function useShownColumns(saved: readonly LeadColumn[]): readonly LeadColumn[] {
  const pending = useFetcher({ key: COLUMNS_FETCHER }).formData;
  if (!pending) return saved;
  const chosen = pending.getAll("column");
  return optionalLeadColumns.map((c) => c.value).filter((v) => chosen.includes(v));
}

/** Rows per page (25, 50, 100) as links: the first page of the same list at that size. */
export function PageSizeLinks({ query }: { query: LeadListQuery }) {
  return (
    <nav aria-label="Rows per page" className="flex items-center gap-1 text-sm text-muted-foreground">
      <span aria-hidden="true">Rows per page:</span>
      {leadPageSizes.map((size) => (
        <Link
          key={size}
          to={`/admin/leads${leadListSearch({ ...query, size })}`}
          aria-current={size === query.size ? "page" : undefined}
          aria-label={`${size} rows per page`}
          className={cn(
            "inline-flex min-h-8 min-w-8 items-center justify-center rounded-md px-2 hover:bg-muted",
            size === query.size && "bg-muted font-semibold text-foreground",
          )}
        >
          {size}
        </Link>
      ))}
    </nav>
  );
}

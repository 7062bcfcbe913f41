import { Download, Plus, Search, Upload, X } from "lucide-react";
import { useCallback, useEffect, useRef } from "react";
import { Link, useNavigation } from "react-router";
import { FilterField } from "~/components/ui/filter-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { labelOf, leadSources, leadStatuses, motivationLevels } from "~/db/enums";
import type { SerializeFrom } from "~/lib/serialize-from";
import { cn } from "~/lib/utils";
import { clientDisplayName, formatListDate } from "../lead-format";
import {
  isFiltered,
  leadListSearch,
  leadSorts,
  statusFilterOptions,
  UNASSIGNED,
  type LeadListQuery,
  type LeadSort,
} from "../leads.schema";
import { useHydrated } from "~/lib/use-hydrated";
import { BULK_FORM_ID } from "./bulk-bar";
import type { listLeads } from "../lead-queries.server";
import { MotivationBadge, StatusBadge } from "./badges";
import { FilterChecklist, FilterDate, FilterForm, FilterSelect } from "./filters";
import { Cell, LeadTableHead, LeadContactCells, tableClasses, ViewCell } from "./lead-table-parts";

/** A row of the list as the loader sends it (React Router's serialization of `listLeads`). */
type Row = SerializeFrom<typeof listLeads>["rows"][number];

/** A person offered in the client and "created by" filters. */
export interface PersonOption {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
}

interface FilterChoices {
  clients: readonly PersonOption[];
  admins: readonly PersonOption[];
  /** The API keys, for "Arrived by" (issue 14). */
  apiKeys?: readonly { id: string; name: string }[];
}

/** How a lead arrived, as the "Arrived by" filter offers it: the channels, then each API key. */
const arrivalOptions = (apiKeys: readonly { id: string; name: string }[]) => [
  { value: "form", label: "Entered by hand" },
  { value: "import", label: "CSV import" },
  { value: "api", label: "API (any key)" },
  ...apiKeys.map((k) => ({ value: `api:${k.id}`, label: `API key: ${k.name}` })),
];

/**
 * Search (on Enter or the Search button), statuses, motivations and sources (several at once), client
 * (or Unassigned), creator, created date range and sort, then the active filters as removable chips and
 * Clear Filters (spec 02 §2, §7; issue 13). A GET form: the filters live in the URL, so they work without
 * JavaScript, survive reloads and can be shared; with JavaScript a choice applies as soon as it changes.
 */
export function LeadFilters({
  query,
  clients,
  admins,
  apiKeys = [],
  importName,
}: { query: LeadListQuery; importName?: string | null } & FilterChoices) {
  return (
    <>
      <FilterForm
        values={{
          q: query.q,
          status: query.statuses,
          motivation: query.motivations,
          source: query.sources,
          client: query.client ?? "",
          createdBy: query.createdBy ?? "",
          from: query.from ?? "",
          to: query.to ?? "",
          import: query.importId ?? "",
          arrival: query.arrival ?? "",
          sort: query.sort === "newest" ? "" : query.sort,
        }}
        role="search"
        label="Search and filter leads"
        className="grid grid-cols-2 items-end gap-3 pt-4 md:flex md:flex-row md:flex-wrap"
        after={
          isFiltered(query) && (
            <Button asChild variant="ghost" size="field">
              <Link to={`/admin/leads${query.sort === "newest" ? "" : `?sort=${query.sort}`}`}>
                <X aria-hidden="true" /> Clear Filters
              </Link>
            </Button>
          )
        }
      >
        <FilterField id="lead-search" label="Search" className="col-span-2">
          <div className="flex gap-2">
            <Input
              id="lead-search"
              name="q"
              type="search"
              defaultValue={query.q}
              placeholder="Name, phone, address or city"
              className="md:w-72"
            />
            <Button type="submit" variant="outline" size="field">
              <Search aria-hidden="true" /> Search
            </Button>
          </div>
        </FilterField>
        <FilterChecklist
          name="status"
          label="Status"
          options={statusFilterOptions}
          extra={leadStatuses.filter((s) => s.value === "under_contract")}
          selected={query.statuses}
        />
        <FilterChecklist
          name="motivation"
          label="Motivation"
          options={motivationLevels}
          selected={query.motivations}
        />
        <FilterChecklist name="source" label="Source" options={leadSources} selected={query.sources} />
        <FilterSelect
          id="lead-client"
          name="client"
          label="Client"
          allLabel="All clients"
          value={query.client}
          options={[{ value: UNASSIGNED, label: "Unassigned" }, ...clients.map(personOption)]}
          className="md:w-48"
        />
        <FilterSelect
          id="lead-created-by"
          name="createdBy"
          label="Created by"
          allLabel="Anyone"
          value={query.createdBy}
          options={admins.map(personOption)}
          className="md:w-44"
        />
        <FilterSelect
          id="lead-arrival"
          name="arrival"
          label="Arrived by"
          allLabel="Any way"
          value={query.arrival}
          options={arrivalOptions(apiKeys)}
          className="md:w-44"
        />
        <FilterDate id="lead-from" name="from" label="Created from" value={query.from} />
        <FilterDate id="lead-to" name="to" label="Created to" value={query.to} />
        <FilterField id="lead-sort" label="Sort">
          <NativeSelect
            id="lead-sort"
            name="sort"
            defaultValue={query.sort === "newest" ? "" : query.sort}
            className="md:w-44"
          >
            {/* Newest first is the default: it leaves the URL alone. */}
            {leadSorts.map((o) => (
              <option key={o.value} value={o.value === "newest" ? "" : o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        {/* The import filter has no control of its own (its chip removes it); a new choice keeps it. */}
        {query.importId && <input type="hidden" name="import" value={query.importId} />}
      </FilterForm>
      <ActiveFilters
        query={query}
        clients={clients}
        admins={admins}
        apiKeys={apiKeys}
        importName={importName}
      />
    </>
  );
}

const personOption = (person: PersonOption) => ({ value: person.id, label: clientDisplayName(person) });

/** Each active filter as a chip whose link is the same list without it. */
function ActiveFilters({
  query,
  clients,
  admins,
  apiKeys = [],
  importName,
}: { query: LeadListQuery; importName?: string | null } & FilterChoices) {
  const nameOf = (people: readonly PersonOption[], id: string) => {
    const person = people.find((p) => p.id === id);
    return person ? clientDisplayName(person) : "Unknown";
  };
  const without = (change: Partial<LeadListQuery>) =>
    `/admin/leads${leadListSearch({ ...query, ...change })}`;
  const chips: { label: string; to: string }[] = [
    ...(query.q ? [{ label: `Search: ${query.q}`, to: without({ q: "" }) }] : []),
    ...query.statuses.map((v) => ({
      label: `Status: ${labelOf(leadStatuses, v)}`,
      to: without({ statuses: query.statuses.filter((s) => s !== v) }),
    })),
    ...query.motivations.map((v) => ({
      label: `Motivation: ${labelOf(motivationLevels, v)}`,
      to: without({ motivations: query.motivations.filter((s) => s !== v) }),
    })),
    ...query.sources.map((v) => ({
      label: `Source: ${labelOf(leadSources, v)}`,
      to: without({ sources: query.sources.filter((s) => s !== v) }),
    })),
    ...(query.client
      ? [
          {
            label: `Client: ${query.client === UNASSIGNED ? "Unassigned" : nameOf(clients, query.client)}`,
            to: without({ client: undefined }),
          },
        ]
      : []),
    ...(query.createdBy
      ? [{ label: `Created by: ${nameOf(admins, query.createdBy)}`, to: without({ createdBy: undefined }) }]
      : []),
    ...(query.from ? [{ label: `Created from: ${query.from}`, to: without({ from: undefined }) }] : []),
    ...(query.to ? [{ label: `Created to: ${query.to}`, to: without({ to: undefined }) }] : []),
    ...(query.importId
      ? [{ label: `Import: ${importName ?? "Unknown"}`, to: without({ importId: undefined }) }]
      : []),
    ...(query.arrival
      ? [
          {
            label: `Arrived by: ${arrivalOptions(apiKeys).find((o) => o.value === query.arrival)?.label ?? "API key"}`,
            to: without({ arrival: undefined }),
          },
        ]
      : []),
  ];
  if (chips.length === 0) return <div className="pb-4" />;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2 py-3">
      {chips.map((chip) => (
        <li key={chip.label}>
          <Link
            to={chip.to}
            className="inline-flex min-h-9 items-center gap-1 rounded-full border border-border bg-muted px-3 text-sm hover:bg-muted/70"
          >
            {chip.label}
            <X aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(remove)</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function ImportLeadsButton() {
  return (
    <Button asChild variant="outline">
      <Link to="/admin/leads/import">
        <Upload aria-hidden="true" /> Import CSV
      </Link>
    </Button>
  );
}

export function AddLeadButton() {
  return (
    <Button asChild>
      <Link to="/admin/leads/new">
        <Plus aria-hidden="true" /> Add Lead
      </Link>
    </Button>
  );
}

/** The filtered list as a CSV download (a plain link: the browser saves the streamed file). */
export function ExportLeadsLink({ query }: { query: LeadListQuery }) {
  return (
    <Button asChild variant="outline">
      <a href={`/admin/leads/export.csv${leadListSearch(query)}`} download>
        <Download aria-hidden="true" /> Export CSV
      </a>
    </Button>
  );
}

/** The lead table (spec 02 §2): "Loading leads..." while the list reloads, "No leads found" when empty. */
/**
 * The lead table (spec 02 §2): "Loading leads..." while the list reloads, "No leads found" when empty.
 * Each row has a checkbox of the bulk form; with JavaScript the header's checkbox ticks the whole page.
 */
export function LeadTable({
  rows,
  sort,
  onTickedChange,
}: {
  rows: Row[];
  sort: LeadSort;
  /** Told how many rows are ticked after each change. */
  onTickedChange?: (ticked: number) => void;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
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
  return (
    <div className={tableClasses.frame}>
      <table ref={tableRef} onChange={recount} className={cn(tableClasses.table, "md:min-w-[60rem]")}>
        <caption className="sr-only">Leads, {labelOf(leadSorts, sort).toLowerCase()}</caption>
        <LeadTableHead
          columns={["Name", "Phone", "Address", "Motivation", "Status", "Client", "Created"]}
          leading={
            <th scope="col" className={cn(tableClasses.th, "w-10")}>
              {hydrated && rows.length > 0 ? (
                <input
                  type="checkbox"
                  aria-label="Tick every lead on this page"
                  className="size-4 accent-primary"
                  onChange={(event) => {
                    for (const box of rowBoxes()) box.checked = event.currentTarget.checked;
                  }}
                />
              ) : (
                <span className="sr-only">Tick</span>
              )}
            </th>
          }
        />
        <tbody className={tableClasses.body} aria-busy={loading || undefined}>
          {loading ? (
            <tr className="block md:table-row">
              <td colSpan={9} className={tableClasses.message} role="status">
                Loading leads...
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr className="block md:table-row">
              <td colSpan={9} className={tableClasses.message}>
                No leads found
              </td>
            </tr>
          ) : (
            rows.map((lead) => {
              return (
                <tr key={lead.id} className={tableClasses.row}>
                  <Cell wide className="md:w-10">
                    <input
                      type="checkbox"
                      form={BULK_FORM_ID}
                      name="id"
                      value={lead.id}
                      aria-label={`Tick ${lead.firstName} ${lead.lastName}`}
                      className="size-4 accent-primary"
                    />
                  </Cell>
                  <LeadContactCells lead={lead} />
                  <Cell label="Motivation">
                    <MotivationBadge value={lead.motivationLevel} />
                  </Cell>
                  <Cell label="Status">
                    <StatusBadge value={lead.leadStatus} />
                  </Cell>
                  <Cell label="Client">
                    {lead.client ? (
                      clientDisplayName(lead.client)
                    ) : (
                      <span className="text-muted-foreground">Unassigned</span>
                    )}
                  </Cell>
                  <Cell label="Created" className="whitespace-nowrap">
                    {formatListDate(lead.createdAt)}
                  </Cell>
                  <ViewCell lead={lead} to={`/admin/leads/${lead.id}`} />
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

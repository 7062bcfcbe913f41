import { ChevronDown, Download, Plus, Upload, X } from "lucide-react";
import { Link } from "react-router";
import { FilterField } from "~/components/ui/filter-field";
import { Input } from "~/components/ui/input";
import { Button, buttonVariants } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { feedbackStatuses, labelOf, leadStatuses, motivationLevels } from "~/db/enums";
import type { SourceOption } from "../sources/sources";
import { cn } from "~/lib/utils";
import {
  LEADS_PAGE_SIZE,
  leadListSearch,
  leadSorts,
  statusFilterOptions,
  UNASSIGNED,
  type LeadListQuery,
} from "../lead-list.schema";
import {
  FilterChecklist,
  FilterDate,
  FilterForm,
  FilterSearch,
  FilterSelect,
  phoneFiltersPanel,
  PhoneFiltersToggle,
} from "./filters";

/** A person offered in the client and "created by" filters: their id and the name shown. */
export interface PersonOption {
  id: string;
  name: string;
}

interface FilterChoices {
  clients: readonly PersonOption[];
  admins: readonly PersonOption[];
  /** The API keys, for "Arrived by" (issue 14). */
  apiKeys?: readonly { id: string; name: string }[];
  /** The agency's sources, retired ones included (their leads can still be found). */
  sources: readonly SourceOption[];
}

/** How a lead arrived, as the "Arrived by" filter offers it: the channels, then each API key. */
const arrivalOptions = (apiKeys: readonly { id: string; name: string }[]) => [
  { value: "form", label: "Entered by hand" },
  { value: "import", label: "CSV import" },
  { value: "api", label: "API (any key)" },
  ...apiKeys.map((k) => ({ value: `api:${k.id}`, label: `API key: ${k.name}` })),
];

/**
 * Search (on Enter or the Search button), statuses, motivations, sources and the client's feedback
 * (several at once), client (or Unassigned), creator, created date range and sort, then the active filters as removable chips and
 * Clear Filters (spec 02 §2, §7; issue 13). A GET form: the filters live in the URL, so they work without
 * JavaScript, survive reloads and can be shared; with JavaScript a choice applies as soon as it changes.
 *
 * One line on a wide screen (issue 25): the search and the filters used most (status, motivation,
 * client), then "More filters" for the rest. On a phone the search alone, and a Filters button showing
 * the others (a checkbox and CSS, so it needs no JavaScript), so the first screen shows leads.
 */
export function LeadFilters({
  query,
  clients,
  admins,
  apiKeys = [],
  sources,
  importName,
  selectionName,
}: {
  query: LeadListQuery;
  importName?: string | null;
  /** What the `selection` filter's leads are ("12 leads assigned to ..."). */
  selectionName?: string | null;
} & FilterChoices) {
  const more = moreFiltersUsed(query);
  return (
    <>
      <FilterForm
        values={{
          q: query.q,
          status: query.statuses,
          motivation: query.motivations,
          source: query.sources,
          feedback: query.feedbacks,
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
        className="flex flex-wrap items-center gap-2 pt-2"
      >
        <FilterSearch
          id="lead-search"
          value={query.q}
          placeholder="Search name, phone, address or city"
          // From a base of 14rem the search takes the line's room left: it narrows as filters say more
          // ("Motivation: Hot", "More filters (1)") before the filters would wrap to a second line.
          className="min-w-0 flex-1 md:basis-56"
        />
        <PhoneFiltersToggle id="lead-filters-toggle" used={filterCount(query)} />
        <div
          className={cn(
            "flex w-full flex-col gap-2 md:w-auto md:flex-row md:flex-wrap md:items-center",
            phoneFiltersPanel,
          )}
        >
          <FilterChecklist
            compact
            name="status"
            label="Status"
            options={statusFilterOptions}
            extra={leadStatuses.filter((s) => s.value === "under_contract")}
            selected={query.statuses}
          />
          <FilterChecklist
            compact
            name="motivation"
            label="Motivation"
            options={motivationLevels}
            selected={query.motivations}
          />
          <FilterSelect
            id="lead-client"
            name="client"
            label="Client"
            hideLabel
            allLabel="All clients"
            value={query.client}
            options={[{ value: UNASSIGNED, label: "Unassigned" }, ...clients.map(personOption)]}
            className="md:h-9 md:w-44"
          />
          <details className="group/more relative">
            <summary
              className={cn(
                buttonVariants({ variant: "ghost", size: "sm" }),
                "cursor-pointer list-none max-md:h-11 [&::-webkit-details-marker]:hidden",
              )}
            >
              More filters{more > 0 && ` (${more})`}
              <ChevronDown
                aria-hidden="true"
                className="size-4 transition-transform group-open/more:rotate-180"
              />
            </summary>
            <div className="z-30 mt-2 grid gap-3 rounded-xl border border-border bg-card p-4 shadow-lg sm:grid-cols-2 md:absolute md:w-[32rem]">
              <FilterChecklist name="source" label="Source" options={sources} selected={query.sources} />
              <FilterChecklist
                name="feedback"
                label="Client feedback"
                options={feedbackStatuses}
                selected={query.feedbacks}
              />
              <FilterSelect
                id="lead-created-by"
                name="createdBy"
                label="Created by"
                allLabel="Anyone"
                value={query.createdBy}
                options={admins.map(personOption)}
              />
              <FilterSelect
                id="lead-arrival"
                name="arrival"
                label="Arrived by"
                allLabel="Any way"
                value={query.arrival}
                options={arrivalOptions(apiKeys)}
              />
              <FilterField id="lead-sort" label="Sort">
                <NativeSelect
                  id="lead-sort"
                  name="sort"
                  defaultValue={query.sort === "newest" ? "" : query.sort}
                >
                  {/* Newest first is the default: it leaves the URL alone. */}
                  {leadSorts.map((o) => (
                    <option key={o.value} value={o.value === "newest" ? "" : o.value}>
                      {o.label}
                    </option>
                  ))}
                </NativeSelect>
              </FilterField>
              <FilterField id="lead-in-file" label="Words in the file">
                <Input
                  id="lead-in-file"
                  name="inFile"
                  type="search"
                  defaultValue={query.inFile ?? ""}
                  placeholder="e.g. Direct Mailer"
                />
              </FilterField>
              <FilterDate id="lead-from" name="from" label="Created from" value={query.from} />
              <FilterDate id="lead-to" name="to" label="Created to" value={query.to} />
            </div>
          </details>
        </div>
        {/* Filters without a control of their own (their chip removes them); a new choice keeps them. */}
        {query.importId && <input type="hidden" name="import" value={query.importId} />}
        {query.selection && <input type="hidden" name="selection" value={query.selection} />}
        {query.size !== LEADS_PAGE_SIZE && <input type="hidden" name="size" value={query.size} />}
      </FilterForm>
      <ActiveFilters
        query={query}
        clients={clients}
        admins={admins}
        apiKeys={apiKeys}
        sources={sources}
        importName={importName}
        selectionName={selectionName}
      />
    </>
  );
}

/** The list without any filter (the sort and page size are kept by Clear Filters). */
const emptyFilters: LeadListQuery = {
  q: "",
  statuses: [],
  motivations: [],
  sources: [],
  feedbacks: [],
  sort: "newest",
  size: LEADS_PAGE_SIZE,
};

/** How many of the filters behind "More filters" are in use (the sort is not a filter). */
const moreFiltersUsed = (query: LeadListQuery) =>
  [
    query.sources.length > 0,
    query.feedbacks.length > 0,
    query.createdBy,
    query.arrival,
    query.inFile,
    query.from,
    query.to,
  ].filter(Boolean).length;

/** How many filters the phone's Filters button hides. */
const filterCount = (query: LeadListQuery) =>
  [query.statuses.length > 0, query.motivations.length > 0, query.client].filter(Boolean).length +
  moreFiltersUsed(query);

const personOption = (person: PersonOption) => ({ value: person.id, label: person.name });

/** Each active filter as a chip whose link is the same list without it. */
function ActiveFilters({
  query,
  clients,
  admins,
  apiKeys = [],
  sources,
  importName,
  selectionName,
}: { query: LeadListQuery; importName?: string | null; selectionName?: string | null } & FilterChoices) {
  const nameOf = (people: readonly PersonOption[], id: string) => {
    const person = people.find((p) => p.id === id);
    return person?.name ?? "Unknown";
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
      label: `Source: ${labelOf(sources, v)}`,
      to: without({ sources: query.sources.filter((s) => s !== v) }),
    })),
    ...query.feedbacks.map((v) => ({
      label: `Client feedback: ${labelOf(feedbackStatuses, v)}`,
      to: without({ feedbacks: query.feedbacks.filter((s) => s !== v) }),
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
    ...(query.inFile ? [{ label: `In the file: ${query.inFile}`, to: without({ inFile: undefined }) }] : []),
    ...(query.selection
      ? [
          {
            label: `Leads: ${selectionName ?? "an earlier selection"}`,
            to: without({ selection: undefined }),
          },
        ]
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
  if (chips.length === 0) return <div className="pb-2" />;
  // Clear Filters ends the chips' line, not the filters' (issue 25): the filters stay one line at 1280 px.
  return (
    <div className="flex flex-wrap items-center gap-2 py-2 md:py-1.5">
      <ul aria-label="Active filters" className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.label}>
            <Link
              to={chip.to}
              className="inline-flex min-h-8 items-center gap-1 rounded-full border border-border bg-muted px-3 text-sm hover:bg-muted/70 md:min-h-7"
            >
              {chip.label}
              <X aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(remove)</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to={`/admin/leads${leadListSearch({ ...emptyFilters, sort: query.sort, size: query.size })}`}
        className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 text-sm font-semibold hover:bg-muted md:min-h-7"
      >
        <X aria-hidden="true" className="size-4" /> Clear Filters
      </Link>
    </div>
  );
}

export function ImportLeadsButton() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/admin/leads/import">
        <Upload aria-hidden="true" /> Import<span className="sr-only"> CSV</span>
      </Link>
    </Button>
  );
}

export function AddLeadButton() {
  return (
    <Button asChild size="sm" className="max-md:h-10">
      <Link to="/admin/leads/new">
        <Plus aria-hidden="true" /> Add Lead
      </Link>
    </Button>
  );
}

/** The filtered list as a CSV download (a plain link: the browser saves the streamed file). */
export function ExportLeadsLink({ query }: { query: LeadListQuery }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={`/admin/leads/export.csv${leadListSearch(query)}`} download>
        <Download aria-hidden="true" /> Export<span className="sr-only"> CSV</span>
      </a>
    </Button>
  );
}

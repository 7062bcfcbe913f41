import { Check, X } from "lucide-react";
import { useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { feedbackStatuses, labelOf, motivationLevels } from "~/db/enums";
import type { SerializeFrom } from "~/lib/serialize-from";
import { cn } from "~/lib/utils";
import type { listClientLeads } from "../client-leads.server";
import { formatAgo, formatListDate, formatPhone, oneLineAddress } from "../lead-format";
import {
  claimFilters,
  clientLeadListSearch,
  clientQuickFilters,
  isClientListFiltered,
  quickFilterOn,
  toggleQuickFilter,
  type ClientLeadQuery,
} from "../lead-list.schema";
import { FeedbackBadge, MotivationBadge } from "./badges";
import { RowLink, RowLinkPrefetch, useRowOpening, ViewIconLink } from "./lead-table-parts";
import { FilterForm, FilterSearch, FilterSelect, phoneFiltersPanel, PhoneFiltersToggle } from "./filters";

/** A row of My Leads (and of the dashboard's recent leads, the same columns) as the loader sends it. */
export type ClientRow = SerializeFrom<typeof listClientLeads>["rows"][number];

const headClass = "px-3 py-2.5 font-semibold whitespace-nowrap";
const COLUMNS = ["Name", "Phone", "Address", "Motivation", "Date Received", "Feedback Status"] as const;

/**
 * Name, Phone, Address, Motivation, Date Received, Feedback Status, Actions (spec 02 §2): one line per
 * lead on a wide screen. On a phone (issue 26) each row is a card of about 100 px, the whole card opening
 * the lead: name and age, the address, the feedback and motivation, and View; the phone number waits for
 * the lead's page, which starts with Call and Text.
 */
export function ClientLeadTable({
  rows,
  caption,
  empty,
  now,
}: {
  rows: ClientRow[];
  caption: string;
  /** What the table says when there is no row: a text, or a message with links (ClientLeadsEmpty). */
  empty: ReactNode;
  /** The server's time when it read the rows: ages count from it, so server and browser agree. */
  now: Date | number;
}) {
  const at = new Date(now).getTime();
  const openRow = useRowOpening();
  const tableRef = useRef<HTMLTableElement>(null);
  return (
    // relative: the frame holds its screen-reader-only texts, which would otherwise widen the page.
    <div className="relative rounded-xl border border-border bg-card shadow-sm md:overflow-x-auto">
      <table ref={tableRef} onClick={openRow} className="block w-full text-left text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden border-b border-border bg-muted/60 text-xs text-muted-foreground md:table-header-group">
          <tr>
            {COLUMNS.map((h) => (
              <th key={h} scope="col" className={headClass}>
                {h}
              </th>
            ))}
            <th scope="col" className={headClass}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="block md:table-row-group">
          {rows.length === 0 ? (
            <tr className="block md:table-row">
              <td
                colSpan={COLUMNS.length + 1}
                className="block px-4 py-10 text-center text-muted-foreground md:table-cell"
              >
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((lead) => {
              const to = `/client/leads/${lead.id}`;
              const name = `${lead.firstName} ${lead.lastName}`;
              const address = oneLineAddress(lead);
              return (
                <tr key={lead.id} className="client-lead-row">
                  <td className="lead-name">
                    <RowLink to={to}>{name}</RowLink>
                  </td>
                  <td className="lead-phone">
                    <a href={`tel:${lead.phone}`} className="hover:underline">
                      {formatPhone(lead.phone)}
                    </a>
                  </td>
                  <td className="lead-address">
                    <span title={address}>{address}</span>
                  </td>
                  <td className="lead-motivation">
                    <MotivationBadge value={lead.motivationLevel} />
                  </td>
                  <td className="lead-age">
                    <time dateTime={new Date(lead.createdAt).toISOString()} className="whitespace-nowrap">
                      <span className="text-muted-foreground md:hidden">{formatAgo(lead.createdAt, at)}</span>
                      <span className="max-md:hidden">{formatListDate(lead.createdAt)}</span>
                    </time>
                  </td>
                  <td className="lead-feedback">
                    <FeedbackBadge value={lead.clientFeedbackStatus} />
                  </td>
                  <td className="lead-view">
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

/** The list without its search and filters. */
const ALL_LEADS = "/client/leads";

/**
 * The search (seller name, phone, address), the motivation and feedback filters (spec 02 §2) and whose
 * leads of the team (issue 26) in one GET form, then the quick filters as one row of links. On a phone
 * the search and the quick filters show, the selects wait behind a Filters button, so the first lead is
 * on the first screen.
 */
export function ClientLeadFilters({ query }: { query: ClientLeadQuery }) {
  const used = [query.motivation, query.feedback, query.claim].filter(Boolean).length;
  return (
    <div className="space-y-3 py-4">
      <FilterForm
        values={{
          q: query.q ?? "",
          motivation: query.motivation ?? "",
          feedback: query.feedback ?? "",
          claim: query.claim ?? "",
        }}
        role="search"
        label="Search and filter my leads"
        className="flex flex-wrap items-center gap-2"
      >
        <FilterSearch
          id="client-lead-search"
          value={query.q ?? ""}
          placeholder="Name, phone, address"
          className="min-w-0 flex-1 md:flex-none"
          inputClassName="md:w-64"
        />
        <PhoneFiltersToggle id="client-filters-toggle" used={used} iconOnly />
        <div
          className={cn(
            "flex w-full flex-col gap-2 md:w-auto md:flex-row md:items-center",
            phoneFiltersPanel,
          )}
        >
          <FilterSelect
            id="client-motivation"
            name="motivation"
            label="Motivation"
            hideLabel
            allLabel="All motivations"
            value={query.motivation}
            options={motivationLevels}
            className="md:h-9 md:w-44"
          />
          <FilterSelect
            id="client-feedback"
            name="feedback"
            label="Feedback status"
            hideLabel
            allLabel="All feedback"
            value={query.feedback}
            options={feedbackStatuses}
            className="md:h-9 md:w-44"
          />
          <FilterSelect
            id="client-claim"
            name="claim"
            label="Taken by"
            hideLabel
            allLabel="Everyone's"
            value={query.claim}
            options={claimFilters}
            className="md:h-9 md:w-44"
          />
        </div>
      </FilterForm>
      <nav aria-label="Quick filters">
        <ul className="flex flex-wrap items-center gap-2">
          {clientQuickFilters.map((quick) => {
            const on = quickFilterOn(query, quick);
            return (
              <li key={quick.label}>
                <Link
                  to={`${ALL_LEADS}${clientLeadListSearch(toggleQuickFilter(query, quick))}`}
                  preventScrollReset
                  aria-current={on ? "true" : undefined}
                  className="inline-flex min-h-9 items-center gap-1 rounded-full border border-border px-3 text-sm font-medium whitespace-nowrap hover:bg-muted aria-[current=true]:border-primary aria-[current=true]:bg-primary aria-[current=true]:text-primary-foreground"
                >
                  {on && <Check aria-hidden="true" className="size-3.5" />}
                  {quick.label}
                </Link>
              </li>
            );
          })}
          {isClientListFiltered(query) && (
            <li>
              <Link
                to={ALL_LEADS}
                className="inline-flex min-h-9 items-center gap-1 rounded-full px-2 text-sm text-muted-foreground hover:text-foreground hover:underline"
              >
                <X aria-hidden="true" className="size-3.5" /> Clear all
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </div>
  );
}

/** The filters in use, as words: "Hot", "Waiting for feedback", "Mine". */
function filterWords(query: ClientLeadQuery): string[] {
  const quick = (field: "motivation" | "feedback" | "claim") =>
    clientQuickFilters.find((q) => q.field === field && q.value === query[field])?.label;
  return [
    query.feedback && (quick("feedback") ?? `Feedback: ${labelOf(feedbackStatuses, query.feedback)}`),
    query.claim && (quick("claim") ?? labelOf(claimFilters, query.claim)),
    query.motivation && (quick("motivation") ?? `Motivation: ${labelOf(motivationLevels, query.motivation)}`),
  ].filter((w): w is string => Boolean(w));
}

/**
 * What an empty My Leads says (issue 26): what was searched and filtered, and how to undo each, or the
 * spec's "No leads assigned to you yet" when nothing narrows the list.
 */
export function ClientLeadsEmpty({ query }: { query: ClientLeadQuery }) {
  if (!isClientListFiltered(query)) return <>No leads assigned to you yet</>;
  const words = filterWords(query);
  const { q } = query;
  const links: { label: string; to: string }[] = [
    ...(q
      ? [
          {
            label: "Clear search",
            to: `${ALL_LEADS}${clientLeadListSearch({ ...query, q: undefined, cursor: undefined })}`,
          },
        ]
      : []),
    ...(words.length
      ? [
          {
            label: "Clear filters",
            to: `${ALL_LEADS}${clientLeadListSearch({ q })}`,
          },
        ]
      : []),
    ...(q && words.length ? [{ label: "Show all leads", to: ALL_LEADS }] : []),
  ];
  return (
    <div className="space-y-3">
      {/* The quotes are text, not <q>'s generated ones: screen readers and copies keep them. */}
      <p className="font-semibold break-words text-foreground">
        {q ? `No leads match “${q}”` : "No leads match these filters"}
      </p>
      {words.length > 0 && <p>Filtered by: {words.join(", ")}</p>}
      <ul className="flex flex-wrap justify-center gap-2">
        {links.map((link) => (
          <li key={link.label}>
            <Button asChild variant="outline" size="sm">
              <Link to={link.to}>{link.label}</Link>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

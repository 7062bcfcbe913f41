import { useCallback, useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { FilterField } from "~/components/ui/filter-field";
import { NativeSelect } from "~/components/ui/native-select";
import { feedbackStatuses, labelOf, returnReasons, returnStates } from "~/db/enums";
import type { SerializeFrom } from "~/lib/serialize-from";
import { useDismissableDetails } from "~/lib/use-dismissable-details";
import { cn } from "~/lib/utils";
import { clientOptions, formatAge, formatAgo, formatCount, formatListDate } from "../lead-format";
import { returnQueueSearch, type ReturnQueueQuery, type ReturnSort } from "../returns/return.schema";
import type { listReturns } from "../returns/returns.server";
import { ReturnStateBadge } from "./badges";
import { FilterForm, FilterSelect } from "./filters";
import {
  RowLink,
  RowLinkPrefetch,
  SortableHead,
  TickAllBox,
  useRowKeys,
  useRowOpening,
} from "./lead-table-parts";

type QueueRow = SerializeFrom<typeof listReturns>["rows"][number];

/** The form the rows' checkboxes belong to (they sit in the table: `form="return-decision-form"`). */
export const DECISION_FORM_ID = "return-decision-form";

const DAY_MS = 24 * 60 * 60 * 1000;

const stateFilters = [...returnStates, { value: "all", label: "All states" }] as const;

/**
 * The filters of the returns queue: a GET form, so the URL holds them and it works without JavaScript;
 * with it each choice applies at once (FilterForm). The order rides along.
 */
export function ReturnFilters({
  query,
  clients,
}: {
  query: ReturnQueueQuery;
  clients: readonly { id: string; name: string }[];
}) {
  const values = {
    state: query.state === "requested" ? "" : query.state,
    reason: query.reason ?? "",
    client: query.client ?? "",
    sort: query.sort === "oldest" ? "" : query.sort,
  };
  return (
    <FilterForm
      values={values}
      label="Filter returns"
      className="grid grid-cols-2 gap-2 md:flex md:flex-wrap md:items-end"
    >
      <input type="hidden" name="sort" value={values.sort} />
      <FilterField id="filter-state" label="State" hideLabel>
        <NativeSelect id="filter-state" name="state" defaultValue={values.state} className="md:h-9 md:w-48">
          {stateFilters.map((o) => (
            // The default (waiting) is the URL without a state.
            <option key={o.value} value={o.value === "requested" ? "" : o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
      <FilterSelect
        id="filter-reason"
        name="reason"
        label="Reason"
        allLabel="All reasons"
        value={query.reason}
        options={returnReasons}
        className="md:h-9 md:w-60"
        hideLabel
      />
      <FilterSelect
        id="filter-client"
        name="client"
        label="Client"
        allLabel="All clients"
        value={query.client}
        options={clientOptions(clients)}
        className="md:h-9 md:w-56"
        hideLabel
      />
    </FilterForm>
  );
}

/** Which way a header's column sorts the queue now, and the order a click on it asks for. */
function sortOf(column: "Requested" | "Client", sort: ReturnSort) {
  if (column === "Requested") {
    const direction = sort === "oldest" ? "ascending" : sort === "newest" ? "descending" : null;
    return { direction, next: sort === "oldest" ? "newest" : "oldest" } as const;
  }
  const direction = sort === "client" ? "ascending" : sort === "client_desc" ? "descending" : null;
  return { direction, next: sort === "client" ? "client_desc" : "client" } as const;
}

const headClass = "px-1.5 py-2 font-semibold whitespace-nowrap";
const wideOnly = "max-md:hidden";

/**
 * The queue as a compact table (issue 25), one line per return: the lead, the client, the reason, when
 * it was asked and how much of the return window was left then, how old the lead was, the client's
 * feedback as evidence (the latest inline, the rest in a disclosure) and the state. Requested and Client
 * sort. On a phone each row is a card. With JavaScript, j and k move between rows, Enter opens the lead
 * and x ticks the row; the header's checkbox ticks every waiting return shown.
 */
export function ReturnTable({
  rows,
  total,
  query,
  now,
  onTickedChange,
}: {
  rows: QueueRow[];
  total: number;
  query: ReturnQueueQuery;
  /** The server's time when it read the rows: ages count from it, so server and browser agree. */
  now: number;
  onTickedChange: (ticked: number) => void;
}) {
  const navigation = useNavigation();
  const openRow = useRowOpening();
  const tableRef = useRef<HTMLTableElement>(null);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/returns";
  const rowBoxes = useCallback(
    () => [
      ...(tableRef.current?.querySelectorAll<HTMLInputElement>(
        `input[form="${DECISION_FORM_ID}"][name="returnId"]`,
      ) ?? []),
    ],
    [],
  );
  const recount = useCallback(
    () => onTickedChange(rowBoxes().filter((box) => box.checked).length),
    [onTickedChange, rowBoxes],
  );
  useEffect(recount, [rows, recount]);
  useRowKeys(tableRef, recount);
  const waiting = rows.some((r) => r.state === "requested");
  const sortTo = (sort: ReturnSort) => `/admin/returns${returnQueueSearch({ ...query, sort })}`;
  return (
    <div className="space-y-2">
      {total > rows.length && (
        <p className="text-sm text-muted-foreground">
          {query.sort === "oldest"
            ? `The ${formatCount(rows.length)} oldest of ${formatCount(total)}: decide these first.`
            : `The first ${formatCount(rows.length)} of ${formatCount(total)} in this order.`}
        </p>
      )}
      <div className="relative rounded-xl border border-border bg-card shadow-sm md:overflow-x-auto">
        <table
          ref={tableRef}
          onChange={recount}
          onClick={openRow}
          className="block w-full text-left text-sm md:table"
        >
          <caption className="sr-only">
            Returns, {labelOf(stateFilters, query.state).toLowerCase()},{" "}
            {query.sort.startsWith("client") ? "by client" : `${query.sort} request first`}
          </caption>
          <thead className="hidden border-b border-border bg-muted/60 text-xs text-muted-foreground md:table-header-group">
            <tr>
              <th scope="col" className="w-8 py-2 pl-3 pr-1">
                <TickAllBox
                  label="Tick every waiting return shown"
                  shown={waiting}
                  onChange={(checked) => {
                    for (const box of rowBoxes()) box.checked = checked;
                  }}
                />
              </th>
              <th scope="col" className={headClass}>
                Lead
              </th>
              <SortableHead label="Client" className={headClass} {...sortLink("Client")} />
              <th scope="col" className={headClass}>
                Reason
              </th>
              <SortableHead label="Requested" className={headClass} {...sortLink("Requested")} />
              <th scope="col" className={headClass}>
                <span title="How much of the return window was left when the client asked">
                  Window<span className="sr-only"> left when asked</span>
                </span>
              </th>
              <th scope="col" className={headClass}>
                <span title="How old the lead was when the client asked">
                  Lead age<span className="sr-only"> when asked</span>
                </span>
              </th>
              <th scope="col" className={headClass}>
                Client's evidence
              </th>
              <th scope="col" className={headClass}>
                State
              </th>
            </tr>
          </thead>
          <tbody className="block md:table-row-group" aria-busy={loading || undefined}>
            {rows.length === 0 ? (
              <tr className="block md:table-row">
                <td colSpan={9} className="block px-4 py-10 text-center text-muted-foreground md:table-cell">
                  No returns here.
                </td>
              </tr>
            ) : (
              rows.map((row) => <ReturnRow key={row.id} row={row} now={now} />)
            )}
          </tbody>
        </table>
        <RowLinkPrefetch tableRef={tableRef} />
      </div>
    </div>
  );

  function sortLink(column: "Requested" | "Client") {
    const { direction, next } = sortOf(column, query.sort);
    return { direction, to: sortTo(next) };
  }
}

function ReturnRow({ row, now }: { row: QueueRow; now: number }) {
  const to = `/admin/leads/${row.leadId}`;
  const seller = `${row.leadFirstName} ${row.leadLastName}`;
  const requestedAt = new Date(row.requestedAt).getTime();
  const closesAt = new Date(row.deliveredAt).getTime() + row.windowDays * DAY_MS;
  const windowLeft = formatAge(row.requestedAt, closesAt);
  const latest = row.feedback[0];
  return (
    <tr aria-label={`Return of ${seller} by ${row.client}`} className="list-row">
      <td className="row-span-4 self-start md:w-8 md:pl-3 md:pr-1">
        {row.state === "requested" ? (
          <input
            type="checkbox"
            form={DECISION_FORM_ID}
            name="returnId"
            value={row.id}
            aria-label={`Tick the return of ${seller}`}
            className="size-5 accent-primary align-middle md:size-4"
          />
        ) : (
          <span className="block size-5 md:size-4" />
        )}
      </td>
      <td className="col-start-2 row-start-1 min-w-0 truncate md:max-w-[11rem] 2xl:max-w-[16rem]">
        <RowLink
          to={to}
          data-row-link
          className="scroll-mt-32 scroll-mb-40 rounded-sm font-semibold hover:underline max-md:text-base"
        >
          {seller}
        </RowLink>
        {/* Where, on the widest screens only: the name is what a row must keep. */}
        <span className="text-muted-foreground max-2xl:hidden">
          {" "}
          · {row.city}, {row.leadState}
        </span>
      </td>
      <td className="col-span-2 col-start-2 row-start-2 min-w-0 truncate">
        <span className="block truncate md:max-w-[8rem] 2xl:max-w-[12rem]" title={row.client}>
          {row.client}
        </span>
      </td>
      <td className={wideOnly}>
        <span
          className="block truncate md:max-w-[8rem] 2xl:max-w-[12rem]"
          title={labelOf(returnReasons, row.reason)}
        >
          {labelOf(returnReasons, row.reason)}
        </span>
      </td>
      <td className="col-span-2 col-start-2 row-start-3 text-xs text-muted-foreground md:text-sm md:text-foreground">
        <span className="md:hidden">{labelOf(returnReasons, row.reason)} · asked </span>
        <time dateTime={new Date(row.requestedAt).toISOString()} title={formatListDate(row.requestedAt)}>
          {formatAgo(row.requestedAt, now)}
        </time>
      </td>
      <td className="tabular-nums max-md:hidden">
        <span title={`Asked with ${windowLeft} of the ${row.windowDays}-day window left`}>
          {requestedAt >= closesAt ? <span className="text-muted-foreground">closed</span> : windowLeft}
        </span>
      </td>
      <td className="tabular-nums max-md:hidden">{formatAge(row.leadCreatedAt, requestedAt)}</td>
      <td className="col-span-2 col-start-2 row-start-4 min-w-0 md:max-w-[11rem] 2xl:max-w-[20rem]">
        <Evidence row={row} latest={latest} windowLeft={windowLeft} />
      </td>
      <td className="col-start-3 row-start-1 justify-self-end md:pr-3">
        <ReturnStateBadge value={row.state} />
      </td>
    </tr>
  );
}

/**
 * What the client gave as evidence: their latest feedback inline (its status and note), and in a
 * disclosure their note on the return, each feedback entry since delivery, and the timings.
 */
function Evidence({
  row,
  latest,
  windowLeft,
}: {
  row: QueueRow;
  latest: QueueRow["feedback"][number] | undefined;
  windowLeft: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  const seller = `${row.leadFirstName} ${row.leadLastName}`;
  const summary = latest
    ? `${labelOf(feedbackStatuses, latest.status as (typeof feedbackStatuses)[number]["value"]) || "Feedback"}${latest.notes ? `: ${latest.notes}` : ""}`
    : row.note
      ? `Note: ${row.note}`
      : "No feedback given";
  return (
    <details ref={ref} className="group/evidence relative min-w-0">
      <summary
        className="flex min-h-6 min-w-0 cursor-pointer list-none items-center gap-1 rounded-sm [&::-webkit-details-marker]:hidden"
        title={summary}
      >
        <span className={cn("min-w-0 truncate", !latest && !row.note && "text-muted-foreground")}>
          {summary}
        </span>
        <span className="shrink-0 text-xs font-semibold text-primary underline underline-offset-2">
          More<span className="sr-only"> about the return of {seller}</span>
        </span>
      </summary>
      <div className="z-30 mt-2 w-full space-y-2 whitespace-normal rounded-xl border border-border bg-card p-3 text-sm shadow-lg md:absolute md:right-0 md:w-96">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">Reason</dt>
          <dd>{labelOf(returnReasons, row.reason)}</dd>
          <dt className="text-muted-foreground">Client's note</dt>
          <dd className="whitespace-pre-line break-words">{row.note || "None"}</dd>
          <dt className="text-muted-foreground">Delivered</dt>
          <dd>{formatListDate(row.deliveredAt)}</dd>
          <dt className="text-muted-foreground">Window</dt>
          <dd>
            {row.windowDays} days;{" "}
            {new Date(row.requestedAt).getTime() >=
            new Date(row.deliveredAt).getTime() + row.windowDays * DAY_MS
              ? "closed when asked"
              : `${windowLeft} left when asked`}
          </dd>
          <dt className="text-muted-foreground">First answer</dt>
          <dd>
            {row.firstFeedbackAt
              ? `${formatAge(row.deliveredAt, new Date(row.firstFeedbackAt).getTime())} after delivery`
              : "None before the return"}
          </dd>
          {row.state !== "requested" && (
            <>
              <dt className="text-muted-foreground">{labelOf(returnStates, row.state)}</dt>
              <dd className="break-words">
                {row.decidedAt && formatListDate(row.decidedAt)}
                {row.decisionNote && ` · ${row.decisionNote}`}
              </dd>
            </>
          )}
        </dl>
        <div>
          <p className="font-semibold">Client's feedback since delivery</p>
          {row.feedback.length === 0 ? (
            <p className="text-muted-foreground">None.</p>
          ) : (
            <ol className="mt-1 space-y-1">
              {row.feedback.map((entry) => (
                <li key={String(entry.at)} className="break-words">
                  <span className="text-muted-foreground">{formatListDate(entry.at)}:</span>{" "}
                  {labelOf(feedbackStatuses, entry.status as (typeof feedbackStatuses)[number]["value"])}
                  {entry.notes && ` · ${entry.notes}`}
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </details>
  );
}

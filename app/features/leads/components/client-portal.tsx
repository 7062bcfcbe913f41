import { feedbackStatuses, motivationLevels } from "~/db/enums";
import type { SerializeFrom } from "~/lib/serialize-from";
import { cn } from "~/lib/utils";
import type { listClientLeads } from "../client-leads.server";
import { formatListDate } from "../lead-format";
import { claimFilters, type ClientLeadQuery } from "../lead-list.schema";
import { FeedbackBadge, MotivationBadge } from "./badges";
import { FilterForm, FilterSelect } from "./filters";
import { Cell, LeadTableHead, LeadContactCells, tableClasses, ViewCell } from "./lead-table-parts";

/** A row of My Leads (and of the dashboard's recent leads, the same columns) as the loader sends it. */
export type ClientRow = SerializeFrom<typeof listClientLeads>["rows"][number];

/** Name, Phone, Address, Motivation, Date Received, Feedback Status, Actions (spec 02 §2). */
export function ClientLeadTable({
  rows,
  caption,
  emptyText,
}: {
  rows: ClientRow[];
  caption: string;
  emptyText: string;
}) {
  return (
    <div className={tableClasses.frame}>
      <table className={cn(tableClasses.table, "md:min-w-[48rem]")}>
        <caption className="sr-only">{caption}</caption>
        <LeadTableHead
          columns={["Name", "Phone", "Address", "Motivation", "Date Received", "Feedback Status"]}
        />
        <tbody className={tableClasses.body}>
          {rows.length === 0 ? (
            <tr className="block md:table-row">
              <td colSpan={7} className={tableClasses.message}>
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((lead) => {
              return (
                <tr key={lead.id} className={tableClasses.row}>
                  <LeadContactCells lead={lead} to={`/client/leads/${lead.id}`} />
                  <Cell label="Motivation">
                    <MotivationBadge value={lead.motivationLevel} />
                  </Cell>
                  <Cell label="Date Received" className="whitespace-nowrap">
                    {formatListDate(lead.createdAt)}
                  </Cell>
                  <Cell label="Feedback Status">
                    <FeedbackBadge value={lead.clientFeedbackStatus} />
                  </Cell>
                  <ViewCell lead={lead} to={`/client/leads/${lead.id}`} />
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Motivation and feedback filters (spec 02 §2), and whose leads of the team (issue 26). */
export function ClientLeadFilters({ query }: { query: ClientLeadQuery }) {
  return (
    <FilterForm
      values={{
        motivation: query.motivation ?? "",
        feedback: query.feedback ?? "",
        claim: query.claim ?? "",
      }}
      label="Filter my leads"
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-end"
    >
      <FilterSelect
        id="client-motivation"
        name="motivation"
        label="Motivation"
        allLabel="All motivations"
        value={query.motivation}
        options={motivationLevels}
        className="sm:w-48"
      />
      <FilterSelect
        id="client-feedback"
        name="feedback"
        label="Feedback status"
        allLabel="All feedback"
        value={query.feedback}
        options={feedbackStatuses}
        className="sm:w-48"
      />
      <FilterSelect
        id="client-claim"
        name="claim"
        label="Taken by"
        allLabel="Everyone's"
        value={query.claim}
        options={claimFilters}
        className="sm:w-48"
      />
    </FilterForm>
  );
}

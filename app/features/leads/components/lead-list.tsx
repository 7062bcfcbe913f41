import { Plus, Search, X } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { motivationLevels } from "~/db/enums";
import type { SerializeFrom } from "~/lib/serialize-from";
import { cn } from "~/lib/utils";
import { clientDisplayName, formatListDate } from "../lead-format";
import { statusFilterOptions, type LeadListQuery } from "../leads.schema";
import type { listLeads } from "../leads.server";
import { MotivationBadge, StatusBadge } from "./badges";
import { FilterForm, FilterSelect } from "./filters";
import { Cell, LeadTableHead, LeadContactCells, tableClasses, ViewCell } from "./lead-table-parts";

/** A row of the list as the loader sends it (React Router's serialization of `listLeads`). */
type Row = SerializeFrom<typeof listLeads>["rows"][number];

/**
 * Search (on Enter or the Search button), one status and one motivation filter, Clear Filters (spec 02
 * §2). A GET form: the filters live in the URL, so they work without JavaScript and survive reloads;
 * with JavaScript a filter applies as soon as it changes.
 */
export function LeadFilters({ query }: { query: LeadListQuery }) {
  const filtered = Boolean(query.q || query.status || query.motivation);
  return (
    <FilterForm
      values={{ q: query.q, status: query.status ?? "", motivation: query.motivation ?? "" }}
      role="search"
      label="Search and filter leads"
      className="flex flex-col gap-3 py-4 md:flex-row md:flex-wrap md:items-end"
      after={
        filtered && (
          <Button asChild variant="ghost" size="field">
            <Link to="/admin/leads">
              <X aria-hidden="true" /> Clear Filters
            </Link>
          </Button>
        )
      }
    >
      <div className="space-y-1">
        <label htmlFor="lead-search" className="block text-sm font-semibold">
          Search
        </label>
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
      </div>
      <FilterSelect
        id="lead-status"
        name="status"
        label="Status"
        allLabel="All statuses"
        value={query.status}
        options={statusFilterOptions}
        className="md:w-44"
      />
      <FilterSelect
        id="lead-motivation"
        name="motivation"
        label="Motivation"
        allLabel="All motivations"
        value={query.motivation}
        options={motivationLevels}
        className="md:w-48"
      />
    </FilterForm>
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

/** The lead table (spec 02 §2): "Loading leads..." while the list reloads, "No leads found" when empty. */
export function LeadTable({ rows }: { rows: Row[] }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/leads";
  return (
    <div className={tableClasses.frame}>
      <table className={cn(tableClasses.table, "md:min-w-[56rem]")}>
        <caption className="sr-only">Leads, newest first</caption>
        <LeadTableHead columns={["Name", "Phone", "Address", "Motivation", "Status", "Client", "Created"]} />
        <tbody className={tableClasses.body} aria-busy={loading || undefined}>
          {loading ? (
            <tr className="block md:table-row">
              <td colSpan={8} className={tableClasses.message} role="status">
                Loading leads...
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr className="block md:table-row">
              <td colSpan={8} className={tableClasses.message}>
                No leads found
              </td>
            </tr>
          ) : (
            rows.map((lead) => {
              return (
                <tr key={lead.id} className={tableClasses.row}>
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

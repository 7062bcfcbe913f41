import { Eye, Plus, Search, X } from "lucide-react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { useHydrated } from "~/lib/use-hydrated";
import {
  clientDisplayName,
  formatListDate,
  motivationLevels,
  statusFilterOptions,
  type LeadListQuery,
} from "../leads.schema";
import type { LeadListRow } from "../leads.server";
import { MotivationBadge, StatusBadge } from "./badges";

type Row = Omit<LeadListRow, "createdAt"> & { createdAt: string | Date };

/**
 * Search (on Enter or the Search button), one status and one motivation filter, Clear Filters (spec 02
 * §2). A GET form: the filters live in the URL, so they work without JavaScript and survive reloads;
 * with JavaScript a filter applies as soon as it changes.
 */
export function LeadFilters({ query }: { query: LeadListQuery }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const filtered = Boolean(query.q || query.status || query.motivation);
  return (
    <Form
      method="get"
      role="search"
      aria-label="Search and filter leads"
      className="flex flex-col gap-3 py-4 md:flex-row md:flex-wrap md:items-end"
      onChange={(event) => {
        if ((event.target as HTMLElement).tagName === "SELECT") submit(event.currentTarget);
      }}
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
      <div className="space-y-1">
        <label htmlFor="lead-status" className="block text-sm font-semibold">
          Status
        </label>
        <NativeSelect id="lead-status" name="status" defaultValue={query.status ?? ""} className="md:w-44">
          <option value="">All statuses</option>
          {statusFilterOptions.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1">
        <label htmlFor="lead-motivation" className="block text-sm font-semibold">
          Motivation
        </label>
        <NativeSelect
          id="lead-motivation"
          name="motivation"
          defaultValue={query.motivation ?? ""}
          className="md:w-40"
        >
          <option value="">All motivations</option>
          {motivationLevels.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {!hydrated && (
        <Button type="submit" variant="outline" size="field">
          Apply filters
        </Button>
      )}
      {filtered && (
        <Button asChild variant="ghost" size="field">
          <Link to="/admin/leads">
            <X aria-hidden="true" /> Clear Filters
          </Link>
        </Button>
      )}
    </Form>
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
    <div className="overflow-x-auto rounded-2xl border border-border bg-card shadow-sm">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Leads, newest first</caption>
        <thead className="border-b border-border bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {["Name", "Phone", "Address", "Motivation", "Status", "Client", "Created"].map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-semibold">
                {h}
              </th>
            ))}
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody aria-busy={loading || undefined}>
          {loading ? (
            <tr>
              <td colSpan={8} className="px-4 py-10 text-center text-muted-foreground" role="status">
                Loading leads...
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={8} className="px-4 py-10 text-center text-muted-foreground">
                No leads found
              </td>
            </tr>
          ) : (
            rows.map((lead) => {
              const name = `${lead.firstName} ${lead.lastName}`;
              return (
                <tr key={lead.id} className="border-b border-border last:border-0 hover:bg-muted/40">
                  <td className="px-4 py-3 font-semibold">{name}</td>
                  <td className="whitespace-nowrap px-4 py-3">
                    <a href={`tel:${lead.phone}`} className="hover:underline">
                      {lead.phone}
                    </a>
                  </td>
                  <td className="px-4 py-3">
                    {lead.address}
                    <span className="block text-muted-foreground">
                      {lead.city}, {lead.state}
                    </span>
                  </td>
                  <td className="px-4 py-3">
                    <MotivationBadge value={lead.motivationLevel} />
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge value={lead.leadStatus} />
                  </td>
                  <td className="px-4 py-3">
                    {lead.client ? (
                      clientDisplayName(lead.client)
                    ) : (
                      <span className="text-muted-foreground">Unassigned</span>
                    )}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">{formatListDate(lead.createdAt)}</td>
                  <td className="px-4 py-3 text-right">
                    <Button asChild variant="outline" size="sm">
                      <Link to={`/admin/leads/${lead.id}`} aria-label={`View ${name}`}>
                        <Eye aria-hidden="true" /> View
                      </Link>
                    </Button>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

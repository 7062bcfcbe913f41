import { useEffect, useState } from "react";
import { data } from "react-router";
import type { Route } from "./+types/list";
import { rethrowRefusal } from "~/lib/permissions";
import { errorToast, showToastNow } from "~/lib/toast";
import { KeysetPager } from "~/components/ui/keyset-pager";
import { countOf, withPageCursor } from "~/lib/paging";
import { requireArea } from "~/features/auth/access.server";
import { apiKeyNames } from "~/features/auth/api-keys.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import {
  AddLeadButton,
  ExportLeadsLink,
  ImportLeadsButton,
  LeadFilters,
  LeadTable,
} from "~/features/leads/components/lead-list";
import { leadListSearch, leadSorts, parseLeadListQuery } from "~/features/leads/leads.schema";
import { labelOf } from "~/db/enums";
import { listAdmins, listClients, listLeads } from "~/features/leads/lead-queries.server";
import { importFileName } from "~/features/leads/import/imports.server";
import { handleBulkPost, type BulkActionResult } from "~/features/leads/bulk-action.server";
import { BulkBar, ConfirmBulkDelete, ConfirmBulkOverCap } from "~/features/leads/components/bulk-bar";
import { log } from "~/lib/log.server";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const query = parseLeadListQuery(new URL(request.url));
  try {
    const [list, clients, admins, importName, apiKeys] = await Promise.all([
      listLeads(actor, query),
      listClients(actor),
      listAdmins(actor),
      query.importId ? importFileName(actor, query.importId) : null,
      apiKeyNames(actor),
    ]);
    return { query, list, clients, admins, importName, apiKeys, loadFailed: false };
  } catch (error) {
    rethrowRefusal(error);
    log.warn({ error }, "[leads] list failed");
    return data(
      { query, list: null, clients: [], admins: [], importName: null, apiKeys: [], loadFailed: true },
      { status: 503 },
    );
  }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireArea(request, "admin");
  return handleBulkPost(request, actor);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Lead Management");

export default function AdminLeads({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, clients, admins, importName, apiKeys, loadFailed } = loaderData;
  const [ticked, setTicked] = useState<number | null>(null);
  const result = actionData as BulkActionResult | undefined;
  const firstPage = leadListSearch(query);
  // Other admins' changes and clients' feedback show up without a reload.
  useLiveRevalidation("/admin/leads/events", "lead");
  useEffect(() => {
    if (loadFailed) showToastNow(errorToast("Failed to fetch data"));
  }, [loadFailed]);
  return (
    <section aria-labelledby="leads-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <PageTitle id="leads-heading">Lead Management</PageTitle>
          <p className="mt-1 text-muted-foreground">
            {list ? countOf(list.total, ["lead", "leads"]) : "Homeowner leads"},{" "}
            {labelOf(leadSorts, query.sort).toLowerCase()}.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportLeadsLink query={query} />
          <ImportLeadsButton />
          <AddLeadButton />
        </div>
      </div>
      <LeadFilters
        query={query}
        clients={clients}
        admins={admins}
        apiKeys={apiKeys}
        importName={importName}
      />
      {loadFailed || !list ? (
        <p role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-red-900">
          Failed to fetch data
        </p>
      ) : (
        <>
          {result && "confirmDelete" in result ? (
            <ConfirmBulkDelete result={result} query={query} />
          ) : result && "confirmOverCap" in result ? (
            <ConfirmBulkOverCap result={result} query={query} />
          ) : (
            <BulkBar query={query} total={list.total} ticked={ticked} clients={clients} reply={result} />
          )}
          <LeadTable rows={list.rows} sort={query.sort} onTickedChange={setTicked} />
          <KeysetPager
            start={list.start}
            shown={list.rows.length}
            total={list.total}
            noun={["lead", "leads"]}
            firstTo={`/admin/leads${firstPage}`}
            previousTo={
              list.previous && `/admin/leads${withPageCursor(firstPage, { before: list.previous })}`
            }
            nextTo={list.next && `/admin/leads${withPageCursor(firstPage, { after: list.next })}`}
          />
        </>
      )}
    </section>
  );
}

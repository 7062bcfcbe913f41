import { useCallback, useEffect, useState } from "react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/list";
import { rethrowRefusal } from "~/lib/permissions";
import { errorToast } from "~/lib/toast-message";
import { showToastNow } from "~/lib/toast";
import { KeysetPager } from "~/components/ui/keyset-pager";
import { countOf, withPageCursor } from "~/lib/paging";
import { requireArea } from "~/features/auth/access.server";
import { apiKeyNames } from "~/features/auth/api-keys.server";
import { listSourceOptions } from "~/features/leads/sources/sources.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import {
  AddLeadButton,
  ExportLeadsLink,
  ImportLeadsButton,
  LeadFilters,
} from "~/features/leads/components/lead-list";
import {
  ColumnChooser,
  LeadTable,
  PageSizeLinks,
  useShownColumns,
} from "~/features/leads/components/lead-table";
import {
  leadColumnsSchema,
  leadListSearch,
  leadSorts,
  normalLeadListSearch,
  parseLeadListQuery,
} from "~/features/leads/lead-list.schema";
import { leadColumnsOf, saveLeadColumns, selectionSummary } from "~/features/leads/lead-list-views.server";
import { parseForm, type FormReply } from "~/lib/form-reply";
import { labelOf } from "~/db/enums";
import { listAdmins, listClients, listLeads } from "~/features/leads/lead-queries.server";
import { importFileName } from "~/features/leads/import/imports.server";
import { handleBulkPost, handleUndoPost, type BulkActionResult } from "~/features/leads/bulk-action.server";
import {
  BULK_FORM_ID,
  BulkBar,
  BulkResultPanel,
  ConfirmBulkDelete,
  ConfirmBulkOverCap,
} from "~/features/leads/components/bulk-bar";
import { log } from "~/lib/log.server";
import { SavedViews } from "~/features/leads/components/saved-views";
import { isSavedViewIntent } from "~/features/leads/saved-views.schema";
import {
  handleSavedViewPost,
  listSavedViews,
  type SavedViewReply,
} from "~/features/leads/saved-views.server";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const url = new URL(request.url);
  const query = parseLeadListQuery(url);
  // A bulk action's lasting result (issue 25): `done` names the leads it changed.
  const doneId = url.searchParams.get("done");
  const now = Date.now();
  try {
    const [list, clients, admins, importName, apiKeys, columns, done, selection, views, sources] =
      await Promise.all([
        listLeads(actor, query),
        listClients(actor),
        listAdmins(actor),
        query.importId ? importFileName(actor, query.importId) : null,
        apiKeyNames(actor),
        leadColumnsOf(actor),
        doneId ? selectionSummary(actor, doneId) : null,
        query.selection ? selectionSummary(actor, query.selection) : null,
        listSavedViews(actor),
        listSourceOptions(),
      ]);
    const selectionName = selection?.description ?? null;
    return {
      query,
      list,
      clients,
      admins,
      importName,
      apiKeys,
      columns,
      done,
      selectionName,
      views,
      sources,
      now,
      loadFailed: false,
    };
  } catch (error) {
    rethrowRefusal(error);
    log.warn({ error }, "[leads] list failed");
    return data(
      {
        query,
        list: null,
        clients: [],
        admins: [],
        importName: null,
        apiKeys: [],
        sources: [],
        columns: [],
        done: null,
        selectionName: null,
        views: [],
        now,
        loadFailed: true,
      },
      { status: 503 },
    );
  }
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireArea(request, "admin");
  const form = await request.clone().formData();
  const intent = form.get("intent");
  if (intent === "undo") return handleUndoPost(request, actor, form);
  // Saved views (issue 25): save, rename, delete.
  if (isSavedViewIntent(intent)) return handleSavedViewPost(request, actor, form, intent);
  if (intent !== "columns") return handleBulkPost(request, actor);
  // The column chooser (issue 25): saved for this person, then back to the list they were on.
  const submission = parseForm(form, leadColumnsSchema);
  if (submission.status !== "success") {
    return data<FormReply>(
      { ok: false, toast: { kind: "error", title: "Error", text: "Choose columns from the list" } },
      { status: 400 },
    );
  }
  await saveLeadColumns(actor, submission.value.column);
  const back = String(form.get("back") ?? "");
  return redirect(`/admin/leads${normalLeadListSearch(back)}`);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Lead Management");

export default function AdminLeads({ loaderData, actionData }: Route.ComponentProps) {
  const {
    query,
    list,
    clients,
    admins,
    importName,
    apiKeys,
    columns,
    done,
    selectionName,
    views,
    sources,
    now,
    loadFailed,
  } = loaderData;
  const [ticked, setTicked] = useState<number | null>(null);
  // The action answers the bulk bar or a view form (each names its intent): each form hears its own.
  const viewReply = isViewReply(actionData) ? actionData : undefined;
  const result = viewReply ? undefined : (actionData as BulkActionResult | undefined);
  const firstPage = leadListSearch(query);
  const shownColumns = useShownColumns(columns);
  const clearTicks = useCallback(() => {
    for (const box of document.querySelectorAll<HTMLInputElement>(
      `input[form="${BULK_FORM_ID}"][name="id"]`,
    )) {
      box.checked = false;
    }
    setTicked(0);
  }, []);
  // Other admins' changes and clients' feedback show up without a reload.
  useLiveRevalidation("/admin/leads/events", "lead");
  useEffect(() => {
    if (loadFailed) showToastNow(errorToast("Failed to fetch data"));
  }, [loadFailed]);
  return (
    <section aria-labelledby="leads-heading">
      <div className="flex items-center justify-between gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-3">
          <PageTitle id="leads-heading" size="compact">
            Lead Management
          </PageTitle>
          <p className="text-sm text-muted-foreground">
            {list ? countOf(list.total, ["lead", "leads"]) : "Homeowner leads"},{" "}
            {labelOf(leadSorts, query.sort).toLowerCase()}.
          </p>
        </div>
        <div className="flex shrink-0 gap-2 max-md:hidden">
          <ColumnChooser columns={shownColumns} query={query} />
          <ExportLeadsLink query={query} />
          <ImportLeadsButton />
          <AddLeadButton />
        </div>
        <div className="shrink-0 md:hidden">
          <AddLeadButton />
        </div>
      </div>
      <SavedViews mine={views} query={query} reply={viewReply} />
      <LeadFilters
        query={query}
        clients={clients}
        admins={admins}
        apiKeys={apiKeys}
        sources={sources}
        importName={importName}
        selectionName={selectionName}
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
            done && <BulkResultPanel done={done} dismissTo={`/admin/leads${firstPage}`} />
          )}
          <div className={done || result ? "mt-3" : undefined}>
            <LeadTable
              rows={list.rows}
              query={query}
              columns={shownColumns}
              now={now}
              onTickedChange={setTicked}
            />
          </div>
          {!(result && ("confirmDelete" in result || "confirmOverCap" in result)) && (
            <BulkBar
              query={query}
              total={list.total}
              ticked={ticked}
              clients={clients}
              reply={result}
              onClear={clearTicks}
            />
          )}
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
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
            <PageSizeLinks query={query} />
          </div>
          <p className="mt-3 text-xs text-muted-foreground max-md:hidden">
            Keyboard: <kbd>j</kbd>/<kbd>k</kbd> next and previous lead, <kbd>Enter</kbd> opens it,{" "}
            <kbd>x</kbd> ticks it.
          </p>
        </>
      )}
    </section>
  );
}

const isViewReply = (value: unknown): value is SavedViewReply =>
  typeof value === "object" && value !== null && isSavedViewIntent((value as { intent?: unknown }).intent);

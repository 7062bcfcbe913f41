import type { Route } from "./+types/import-detail";
import { BackLink } from "~/components/ui/back-link";
import { LocalTime } from "~/components/ui/local-time";
import type { CrumbHandle } from "~/components/layout/breadcrumb";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { ImportStatusBadge } from "~/features/leads/components/badges";
import { ImportResult, ImportRunning, importStateTitle } from "~/features/leads/components/import-progress";
import { ImportSettingsForm } from "~/features/leads/components/import-settings";
import { choicesOf, listSourceOptions } from "~/features/leads/sources/sources.server";
import { Card } from "~/features/leads/components/lead-card";
import { delimiters } from "~/features/leads/import/import.schema";
import { handleImportPost, type ImportReply } from "~/features/leads/import/import-actions.server";
import { getImport, previewImport } from "~/features/leads/import/imports.server";
import { formatBytes, formatCount, personName } from "~/features/leads/lead-format";
import { listClients } from "~/features/leads/lead-queries.server";
import { labelOf } from "~/db/enums";
import { notFound } from "~/lib/not-found";
import { useToast } from "~/lib/toast";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const detail = await getImport(actor, params.id);
  if (!detail) throw notFound("Import not found");
  const mapping = detail.status === "mapping";
  const [clients, preview, all] = mapping
    ? await Promise.all([listClients(actor), previewImport(actor, detail), listSourceOptions()])
    : [[], [], []];
  // One read of the sources: the default's choices (a retired default kept), and what values may become.
  const sources = choicesOf(all, detail.settings?.defaults.leadSource);
  const openSources = all.filter((s) => !s.retired).map(({ value, label }) => ({ value, label }));
  return { detail, clients, preview, sources, openSources, now: Date.now() };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireArea(request, "admin");
  return handleImportPost(request, actor, params.id);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const handle: CrumbHandle = {
  crumb: (data) => (data as { detail?: { fileName: string } } | undefined)?.detail?.fileName,
};

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta(data ? `Import ${data.detail.fileName}` : "Import not found");

export default function ImportDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, clients, preview, sources, openSources } = loaderData;
  const reply = actionData as ImportReply | undefined;
  useLiveRevalidation("/admin/leads/events", "lead");
  useToast(reply && !reply.ok ? reply.toast : null);
  const active = detail.status === "queued" || detail.status === "running";
  return (
    <section aria-labelledby="import-heading" className="space-y-6">
      <div>
        <BackLink to="/admin/leads/import">Back to Imports</BackLink>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <PageTitle id="import-heading" className="break-all">
            {detail.fileName}
          </PageTitle>
          <ImportStatusBadge value={detail.status} />
        </div>
        <p className="mt-1 text-muted-foreground">
          {formatCount(detail.totalRows)} rows · {detail.headers.length} columns ·{" "}
          {labelOf(delimiters, detail.delimiter)} separated · {formatBytes(detail.sizeBytes)} · uploaded{" "}
          <LocalTime iso={detail.createdAt} /> by {personName(detail.creator)}
        </p>
      </div>
      {detail.status === "mapping" ? (
        <ImportSettingsForm
          detail={detail}
          clients={clients}
          sources={sources}
          openSources={openSources}
          preview={preview}
          reply={reply}
        />
      ) : (
        <Card title={importStateTitle(detail.status)}>
          {active ? (
            // The rate and time left count by the server's clock, read with every batch's reload.
            <ImportRunning progress={detail} now={loaderData.now} />
          ) : (
            <ImportResult id={detail.id} progress={detail} />
          )}
        </Card>
      )}
    </section>
  );
}

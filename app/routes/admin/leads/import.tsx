import type { Route } from "./+types/import";
import { BackLink } from "~/components/ui/back-link";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { ImportsTable, ImportUploadForm } from "~/features/leads/components/import-list";
import { Card } from "~/features/leads/components/lead-card";
import { IMPORT_MAX_BYTES } from "~/features/leads/import/import.schema";
import { handleImportUpload, type ImportReply } from "~/features/leads/import/import-actions.server";
import { listImports } from "~/features/leads/import/imports.server";
import { uploadBodyLimit, type BodyLimitHandle } from "~/lib/body-limit";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  return { imports: await listImports(actor) };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireArea(request, "admin");
  return handleImportUpload(request, actor);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

// The upload streams to the action under the importer's own limit (50 MB), not the forms' 64 KB.
export const handle: BodyLimitHandle = { uploadBodyLimit: uploadBodyLimit(IMPORT_MAX_BYTES) };

export const meta: Route.MetaFunction = () => privatePageMeta("Import Leads");

export default function ImportLeads({ loaderData, actionData }: Route.ComponentProps) {
  // Running imports report every batch on the lead channel: their progress moves without a reload.
  useLiveRevalidation("/admin/leads/events", "lead");
  return (
    <section aria-labelledby="import-heading" className="space-y-6">
      <div>
        <BackLink to="/admin/leads">Back to Leads</BackLink>
        <PageTitle id="import-heading" className="mt-2">
          Import Leads
        </PageTitle>
        <p className="mt-1 max-w-3xl text-muted-foreground">
          Bring in a seller list from a spreadsheet, a list provider or a previous export. You choose what
          each column holds and see the first rows before anything is imported; possible duplicates are
          caught.
        </p>
      </div>
      <Card title="Upload a CSV list" className="max-w-2xl">
        <ImportUploadForm reply={actionData as ImportReply | undefined} />
      </Card>
      <section aria-labelledby="imports-heading">
        <h2 id="imports-heading" className="mb-3 text-xl font-bold">
          Recent imports
        </h2>
        <ImportsTable imports={loaderData.imports} />
      </section>
    </section>
  );
}

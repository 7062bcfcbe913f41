import type { Route } from "./+types/detail";
import { useToast } from "~/lib/toast";
import { BackLink } from "~/components/ui/back-link";
import { FormStatus } from "~/components/ui/form-status";
import { useHydrated } from "~/lib/use-hydrated";
import type { CrumbHandle } from "~/components/layout/breadcrumb";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { uploadBodyLimit, type BodyLimitHandle } from "~/lib/body-limit";
import { notFound } from "~/lib/not-found";
import { DOCUMENT_MAX_BYTES } from "~/features/leads/leads.schema";
import { ActivityTab } from "~/features/leads/components/activity-tab";
import { DeleteDialog } from "~/features/leads/components/delete-dialog";
import { DocumentsTab } from "~/features/leads/components/documents-tab";
import { FeedbackTab } from "~/features/leads/components/feedback-tab";
import { LeadHeader } from "~/features/leads/components/lead-header";
import { LeadTabs, leadTabs, type LeadTab } from "~/features/leads/components/lead-tabs";
import { leadTitle } from "~/features/leads/components/lead-view";
import { OverviewTab } from "~/features/leads/components/overview-tab";
import { handleLeadPost, type LeadActionResult } from "~/features/leads/lead-actions.server";
import { findPossibleDuplicates, getLead, listClients } from "~/features/leads/lead-queries.server";
import { PossibleDuplicates } from "~/features/leads/components/possible-duplicates";

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const url = new URL(request.url);
  const tab: LeadTab = leadTabs.find((t) => t.id === url.searchParams.get("tab"))?.id ?? "overview";
  const [lead, clients] = await Promise.all([getLead(actor, params.id), listClients(actor)]);
  // Shown by the admin area's error boundary, inside the admin frame, with HTTP 404.
  if (!lead) throw notFound("Lead not found");
  const duplicates = await findPossibleDuplicates(actor, lead, lead.id);
  return { lead, clients, duplicates, tab, confirmDelete: url.searchParams.has("delete") };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireArea(request, "admin");
  return handleLeadPost(request, actor, params.id);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

// The documents tab uploads files: this page's POST body streams to the action under this limit.
export const handle: CrumbHandle & BodyLimitHandle = {
  crumb: leadTitle,
  uploadBodyLimit: uploadBodyLimit(DOCUMENT_MAX_BYTES),
};

export const meta: Route.MetaFunction = ({ data }) => privatePageMeta(leadTitle(data));

export default function AdminLead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, clients, duplicates, tab, confirmDelete } = loaderData;
  const result = actionData as LeadActionResult | undefined;
  useLiveRevalidation("/admin/leads/events", "lead");
  // Forms with fields show their own answers (useSchemaForm); the others toast here.
  // A question (an assignment past the cap) is asked in place, not toasted.
  const pageToast =
    result && !result.overCap && result.intent !== "activity" && result.intent !== "document"
      ? result.toast
      : null;
  useToast(pageToast);
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="lead-heading">
      <BackLink to="/admin/leads">Back to Leads</BackLink>
      {/* Without JavaScript there are no toasts: the answer shows here. */}
      {!hydrated && pageToast && (
        <div className="mt-3">
          <FormStatus toast={pageToast} />
        </div>
      )}
      <div className="mt-3">
        <LeadHeader lead={lead} />
      </div>
      <PossibleDuplicates duplicates={duplicates} className="mt-4" />
      <LeadTabs active={tab} lead={lead} />
      <div className="mt-6">
        {tab === "overview" && <OverviewTab lead={lead} clients={clients} result={result} />}
        {tab === "activity" && (
          <ActivityTab lead={lead} result={result?.intent === "activity" ? result : undefined} />
        )}
        {tab === "documents" && (
          <DocumentsTab lead={lead} result={result?.intent === "document" ? result : undefined} />
        )}
        {tab === "feedback" && <FeedbackTab lead={lead} />}
      </div>
      <DeleteDialog open={confirmDelete} />
    </section>
  );
}

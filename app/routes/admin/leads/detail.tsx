import { data } from "react-router";
import type { Route } from "./+types/detail";
import { useToast } from "~/components/layout/toasts";
import { BackLink } from "~/components/ui/back-link";
import { FormStatus } from "~/components/ui/form-status";
import { useHydrated } from "~/lib/use-hydrated";
import type { CrumbHandle } from "~/components/layout/breadcrumb";
import { requireRole } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import {
  ActivityTab,
  DeleteDialog,
  DocumentsTab,
  FeedbackTab,
  LeadHeader,
  LeadTabs,
  leadTabs,
  OverviewTab,
  type LeadTab,
  leadTitle,
} from "~/features/leads/components/lead-detail";
import { handleLeadPost, type LeadActionResult } from "~/features/leads/lead-actions.server";
import { getLead, listClients } from "~/features/leads/leads.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, "admin");
  const url = new URL(request.url);
  const tab: LeadTab = leadTabs.find((t) => t.id === url.searchParams.get("tab"))?.id ?? "overview";
  const [lead, clients] = await Promise.all([getLead(actor, params.id), listClients(actor)]);
  if (!lead) return data({ lead: null, clients, tab, confirmDelete: false }, { status: 404 });
  return { lead, clients, tab, confirmDelete: url.searchParams.has("delete") };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireRole(request, "admin");
  return handleLeadPost(request, actor, params.id);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const handle: CrumbHandle = { crumb: leadTitle };

export const meta: Route.MetaFunction = ({ data }) => privatePageMeta(leadTitle(data));

export default function AdminLead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, clients, tab, confirmDelete } = loaderData;
  const result = actionData as LeadActionResult | undefined;
  useLiveRevalidation("/admin/leads/events", "lead");
  // Forms with fields show their own answers (useFormFeedback); the others toast here.
  const pageToast =
    result && result.intent !== "activity" && result.intent !== "document" ? result.toast : null;
  useToast(pageToast);
  const hydrated = useHydrated();
  if (!lead) {
    return (
      <section aria-labelledby="lead-heading">
        <BackLink to="/admin/leads">Back to Leads</BackLink>
        <h1 id="lead-heading" className="mt-4 text-3xl font-extrabold tracking-tight">
          Lead not found
        </h1>
        <p className="mt-2 text-muted-foreground">It may have been deleted, or the link is incomplete.</p>
      </section>
    );
  }
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

import type { Route } from "./+types/edit";
import type { CrumbHandle } from "~/components/layout/breadcrumb";
import { BackLink } from "~/components/ui/back-link";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { leadTitle } from "~/features/leads/components/lead-view";
import { LeadForm } from "~/features/leads/components/lead-form";
import { handleLeadForm } from "~/features/leads/lead-actions.server";
import { leadFormValues } from "~/features/leads/leads.schema";
import { getLead } from "~/features/leads/lead-queries.server";
import { notFound } from "~/lib/not-found";
import { PageTitle } from "~/components/ui/page-title";
import { sourceChoices } from "~/features/leads/sources/sources.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const lead = await getLead(actor, params.id);
  if (!lead) throw notFound("Lead not found");
  return {
    lead: { id: lead.id, firstName: lead.firstName, lastName: lead.lastName },
    values: leadFormValues(lead),
    sources: await sourceChoices(lead.leadSource),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireArea(request, "admin");
  return handleLeadForm(request, actor, params.id);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

// Without data (the lead is missing) the crumb says "Lead not found", like the page.
export const handle: CrumbHandle = {
  crumb: (data) => (data ? [leadTitle(data), "Edit"] : leadTitle(data)),
};

export const meta: Route.MetaFunction = ({ data }) => privatePageMeta(`Edit ${leadTitle(data)}`);

export default function EditLead({ loaderData }: Route.ComponentProps) {
  const { lead, values, sources } = loaderData;
  const leadPath = `/admin/leads/${lead.id}`;
  return (
    <section aria-labelledby="edit-heading" className="max-w-4xl">
      <BackLink to={leadPath}>Back to the lead</BackLink>
      <PageTitle id="edit-heading" className="mt-2">
        Edit {lead.firstName} {lead.lastName}
      </PageTitle>
      <p className="mt-1 text-muted-foreground">
        Correct the seller's details. Status, assignment and feedback change on the lead's page.
      </p>
      <div className="mt-6">
        <LeadForm initial={values} sources={sources} leadId={lead.id} cancelTo={leadPath} />
      </div>
    </section>
  );
}

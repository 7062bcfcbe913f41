import type { Route } from "./+types/new";
import { BackLink } from "~/components/ui/back-link";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { LeadForm } from "~/features/leads/components/lead-form";
import { handleLeadForm } from "~/features/leads/lead-actions.server";
import { listClients } from "~/features/leads/lead-queries.server";
import { sourceChoices } from "~/features/leads/sources/sources.server";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const [clients, sources] = await Promise.all([listClients(actor), sourceChoices()]);
  return { clients, sources };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireArea(request, "admin");
  return handleLeadForm(request, actor);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Create New Lead");

export default function NewLead({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="new-lead-heading" className="max-w-4xl">
      <BackLink to="/admin/leads">Back to Leads</BackLink>
      <PageTitle id="new-lead-heading" className="mt-2">
        Create New Lead
      </PageTitle>
      <p className="mt-1 text-muted-foreground">
        A homeowner who may sell. Phone in international format; everything marked optional can wait.
      </p>
      <div className="mt-6">
        <LeadForm clients={loaderData.clients} sources={loaderData.sources} />
      </div>
    </section>
  );
}

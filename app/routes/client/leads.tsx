import type { Route } from "./+types/leads";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { ClientLeadFilters, ClientLeadTable } from "~/features/leads/components/client-portal";
import { listClientLeads } from "~/features/leads/client-leads.server";
import { parseClientLeadQuery } from "~/features/leads/leads.schema";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "client");
  const query = parseClientLeadQuery(new URL(request.url));
  return { query, leads: await listClientLeads(actor, query) };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("My Leads");

export default function ClientLeads({ loaderData }: Route.ComponentProps) {
  const { query, leads } = loaderData;
  const filtered = Boolean(query.motivation || query.feedback);
  return (
    <section aria-labelledby="my-leads-heading">
      <h1 id="my-leads-heading" className="text-3xl font-extrabold tracking-tight">
        My Leads ({leads.length})
      </h1>
      <ClientLeadFilters query={query} />
      <ClientLeadTable
        rows={leads}
        caption="Leads assigned to you, newest first"
        emptyText={filtered ? "No leads match these filters" : "No leads assigned to you yet"}
      />
    </section>
  );
}

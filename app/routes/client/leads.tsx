import type { Route } from "./+types/leads";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { ClientLeadFilters, ClientLeadTable } from "~/features/leads/components/client-portal";
import { listClientLeads } from "~/features/leads/client-leads.server";
import { clientLeadListSearch, parseClientLeadQuery } from "~/features/leads/lead-list.schema";
import { KeysetPager } from "~/components/ui/keyset-pager";
import { formatTotal, withPageCursor } from "~/lib/paging";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "client");
  const query = parseClientLeadQuery(new URL(request.url));
  return { query, leads: await listClientLeads(actor, query) };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("My Leads");

export default function ClientLeads({ loaderData }: Route.ComponentProps) {
  const { query, leads } = loaderData;
  const filtered = Boolean(query.motivation || query.feedback || query.claim);
  const firstPage = clientLeadListSearch(query);
  return (
    <section aria-labelledby="my-leads-heading">
      <PageTitle id="my-leads-heading">My Leads ({formatTotal(leads.total)})</PageTitle>
      <ClientLeadFilters query={query} />
      <ClientLeadTable
        rows={leads.rows}
        caption="Leads assigned to you, newest first"
        emptyText={filtered ? "No leads match these filters" : "No leads assigned to you yet"}
      />
      <KeysetPager
        start={leads.start}
        shown={leads.rows.length}
        total={leads.total}
        noun={["lead", "leads"]}
        firstTo={`/client/leads${firstPage}`}
        previousTo={leads.previous && `/client/leads${withPageCursor(firstPage, { before: leads.previous })}`}
        nextTo={leads.next && `/client/leads${withPageCursor(firstPage, { after: leads.next })}`}
      />
    </section>
  );
}

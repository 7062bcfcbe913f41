import type { Route } from "./+types/leads";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import {
  ClientLeadFilters,
  ClientLeadsEmpty,
  ClientLeadTable,
} from "~/features/leads/components/client-portal";
import { listClientLeads } from "~/features/leads/client-leads.server";
import { clientLeadListSearch, parseClientLeadQuery } from "~/features/leads/lead-list.schema";
import { KeysetPager } from "~/components/ui/keyset-pager";
import { formatTotal, withPageCursor } from "~/lib/paging";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "client");
  const query = parseClientLeadQuery(new URL(request.url));
  return { query, leads: await listClientLeads(actor, query), now: Date.now() };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("My Leads");

export default function ClientLeads({ loaderData }: Route.ComponentProps) {
  const { query, leads, now } = loaderData;
  const firstPage = clientLeadListSearch(query);
  return (
    <section aria-labelledby="my-leads-heading">
      <PageTitle id="my-leads-heading">My Leads ({formatTotal(leads.total)})</PageTitle>
      <ClientLeadFilters query={query} />
      <ClientLeadTable
        rows={leads.rows}
        caption="Leads assigned to you, newest first"
        empty={<ClientLeadsEmpty query={query} />}
        now={now}
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

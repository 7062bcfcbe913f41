import type { Route } from "./+types/list";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { listClientStandings } from "~/features/leads/agreements/agreements.server";
import { parseClientSort, sortClients } from "~/features/leads/agreements/client-sorts";
import { guaranteeStandings } from "~/features/leads/agreements/ledger.server";
import { ClientStandings } from "~/features/leads/components/client-standings";
import { PageTitle } from "~/components/ui/page-title";
import { Pagination } from "~/components/ui/pagination";

/** Clients a page: an agency's few hundred in pages the eye can scan (and a page that answers fast). */
const CLIENTS_PAGE_SIZE = 50;

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const params = new URL(request.url).searchParams;
  const sort = parseClientSort(params.get("sort"));
  const now = Date.now();
  const [clients, standings] = await Promise.all([listClientStandings(actor), guaranteeStandings(actor)]);
  // The order needs every client's standing; the page carries only its own rows.
  const sorted = sortClients(
    clients.map((client) => ({ ...client, guarantee: standings.get(client.id) ?? null })),
    sort,
  );
  const pageCount = Math.max(1, Math.ceil(sorted.length / CLIENTS_PAGE_SIZE));
  const page = Math.min(pageCount, Math.max(1, Math.trunc(Number(params.get("page"))) || 1));
  const start = (page - 1) * CLIENTS_PAGE_SIZE;
  return {
    clients: sorted.slice(start, start + CLIENTS_PAGE_SIZE),
    sort,
    now,
    page,
    pageCount,
    total: sorted.length,
    start,
  };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Clients");

export default function AdminClients({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="clients-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <PageTitle id="clients-heading" size="compact">
          Clients
        </PageTitle>
        <p className="text-sm text-muted-foreground">
          What we promised each client and how it stands, the clients who need us most first.
        </p>
      </div>
      <ClientStandings clients={loaderData.clients} sort={loaderData.sort} now={loaderData.now} />
      {loaderData.pageCount > 1 && (
        <p className="text-sm text-muted-foreground">
          {loaderData.start + 1}-{loaderData.start + loaderData.clients.length} of {loaderData.total} clients
        </p>
      )}
      <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
    </section>
  );
}

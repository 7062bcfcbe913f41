import type { Route } from "./+types/list";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { listClientStandings } from "~/features/leads/agreements/agreements.server";
import { parseClientSort, sortClients } from "~/features/leads/agreements/client-sorts";
import { guaranteeStandings } from "~/features/leads/agreements/ledger.server";
import { ClientStandings } from "~/features/leads/components/client-standings";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const sort = parseClientSort(new URL(request.url).searchParams.get("sort"));
  const now = Date.now();
  const [clients, standings] = await Promise.all([listClientStandings(actor), guaranteeStandings(actor)]);
  const rows = clients.map((client) => ({ ...client, guarantee: standings.get(client.id) ?? null }));
  return { clients: sortClients(rows, sort), sort, now };
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
    </section>
  );
}

import type { Route } from "./+types/list";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { listClientStandings } from "~/features/leads/agreements/agreements.server";
import { riskTexts } from "~/features/leads/agreements/guarantee";
import { guaranteeStandings } from "~/features/leads/agreements/ledger.server";
import { ClientStandings } from "~/features/leads/components/client-standings";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const [clients, standings] = await Promise.all([listClientStandings(actor), guaranteeStandings(actor)]);
  // Whom to serve first: a milestone missed, then at risk, then behind the month's pace, then over it;
  // clients without an agreement last. The order within a rank stays by name.
  const last = riskTexts.length;
  const ranked = clients
    .map((client) => ({ ...client, guarantee: standings.get(client.id) ?? null }))
    .sort((a, b) => (a.guarantee?.risk ?? last) - (b.guarantee?.risk ?? last));
  return { clients: ranked };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Clients");

export default function AdminClients({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="clients-heading" className="space-y-6">
      <div>
        <PageTitle id="clients-heading">Clients</PageTitle>
        <p className="mt-1 text-muted-foreground">
          What we promised each client and how it stands, the clients who need us most first.
        </p>
      </div>
      <ClientStandings clients={loaderData.clients} />
    </section>
  );
}

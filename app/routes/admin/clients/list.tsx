import type { Route } from "./+types/list";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { listClientStandings } from "~/features/leads/agreements/agreements.server";
import { ClientStandings } from "~/features/leads/components/client-standings";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  return { clients: await listClientStandings(actor) };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Clients");

export default function AdminClients({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="clients-heading" className="space-y-6">
      <div>
        <h1 id="clients-heading" className="text-3xl font-extrabold tracking-tight">
          Clients
        </h1>
        <p className="mt-1 text-muted-foreground">
          What we promised each client: leads a month, from when, at what price, and on what terms.
        </p>
      </div>
      <ClientStandings clients={loaderData.clients} />
    </section>
  );
}

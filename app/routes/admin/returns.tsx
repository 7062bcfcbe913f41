import type { Route } from "./+types/returns";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { ReturnFilters, ReturnQueue } from "~/features/leads/components/return-queue";
import { listClients } from "~/features/leads/lead-queries.server";
import { handleReturnDecision, type ReturnReply } from "~/features/leads/returns/return-actions.server";
import { returnQueueSchema } from "~/features/leads/returns/return.schema";
import { listReturns } from "~/features/leads/returns/returns.server";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const query = returnQueueSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [queue, clients] = await Promise.all([listReturns(actor, query), listClients(actor)]);
  return { query, clients, ...queue };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireArea(request, "admin");
  return handleReturnDecision(request, actor);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Returns");

export default function AdminReturns({ loaderData, actionData }: Route.ComponentProps) {
  const { query, clients, rows, total } = loaderData;
  // New requests and decisions by other admins appear without a reload.
  useLiveRevalidation("/admin/leads/events", "lead");
  return (
    <section aria-labelledby="returns-heading" className="max-w-4xl space-y-6">
      <div>
        <PageTitle id="returns-heading">Returns</PageTitle>
        <p className="mt-1 text-muted-foreground">
          Leads clients asked to send back, oldest first. Approve to count it out of their deliveries and owe
          a replacement; reject with a note they will read.
        </p>
      </div>
      <ReturnFilters query={query} clients={clients} />
      <ReturnQueue rows={rows} total={total} reply={actionData as ReturnReply | undefined} />
    </section>
  );
}

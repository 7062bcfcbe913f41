import { useCallback, useState } from "react";
import type { Route } from "./+types/returns";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { DecisionBar, DecisionResult } from "~/features/leads/components/return-decisions";
import { DECISION_FORM_ID, ReturnFilters, ReturnTable } from "~/features/leads/components/return-queue";
import { listClients } from "~/features/leads/lead-queries.server";
import { handleReturnDecision, type ReturnReply } from "~/features/leads/returns/return-actions.server";
import { returnQueueSchema, returnQueueSearch } from "~/features/leads/returns/return.schema";
import { listReturns } from "~/features/leads/returns/returns.server";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const query = returnQueueSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const now = Date.now();
  const [queue, clients] = await Promise.all([listReturns(actor, query), listClients(actor)]);
  return { query, clients, now, ...queue };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireArea(request, "admin");
  return handleReturnDecision(request, actor);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Returns");

export default function AdminReturns({ loaderData, actionData }: Route.ComponentProps) {
  const { query, clients, rows, total, now } = loaderData;
  const [ticked, setTicked] = useState(0);
  const clearTicks = useCallback(() => {
    for (const box of document.querySelectorAll<HTMLInputElement>(`input[form="${DECISION_FORM_ID}"]`)) {
      box.checked = false;
    }
    setTicked(0);
  }, []);
  // New requests and decisions by other admins appear without a reload.
  useLiveRevalidation("/admin/leads/events", "lead");
  return (
    <section aria-labelledby="returns-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <PageTitle id="returns-heading" size="compact">
          Returns
        </PageTitle>
        <p className="text-sm text-muted-foreground">
          Leads clients asked to send back. Approve to count it out of their deliveries and owe a replacement;
          reject with a note they will read.
        </p>
      </div>
      <ReturnFilters query={query} clients={clients} />
      {query.done && (
        <DecisionResult done={query.done} dismissTo={`/admin/returns${returnQueueSearch(query)}`} />
      )}
      <ReturnTable rows={rows} total={total} query={query} now={now} onTickedChange={setTicked} />
      <DecisionBar ticked={ticked} reply={actionData as ReturnReply | undefined} onClear={clearTicks} />
      <p className="text-xs text-muted-foreground max-md:hidden">
        Keyboard: <kbd>j</kbd>/<kbd>k</kbd> next and previous return, <kbd>Enter</kbd> opens its lead,{" "}
        <kbd>x</kbd> ticks it.
      </p>
    </section>
  );
}

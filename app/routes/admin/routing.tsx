/**
 * /admin/routing (issue 24 §4): which lead sources route themselves to clients, what waits for a
 * decision, and the log of decisions with their reasons. Admins only (loader and action).
 */
import { Form, Link } from "react-router";
import type { Route } from "./+types/routing";
import { Button } from "~/components/ui/button";
import { LocalTime } from "~/components/ui/local-time";
import { PageTitle } from "~/components/ui/page-title";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { routingOverview, saveRoutingSources } from "~/features/leads/routing/routing-settings.server";
import { routingSourcesSchema, routingToasts } from "~/features/leads/routing/routing.schema";
import { redirectWithToast } from "~/lib/flash.server";
import { parseForm } from "~/lib/form-reply";
import { invalidRequest } from "~/lib/form-reply.server";
import { useSending } from "~/lib/use-sending";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  return routingOverview(actor);
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireArea(request, "admin");
  const submission = parseForm(await request.formData(), routingSourcesSchema);
  if (submission.status !== "success") return invalidRequest();
  await saveRoutingSources(actor, submission.value.source);
  throw redirectWithToast(request, "/admin/routing", routingToasts.saved);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Routing");

export default function AdminRouting({ loaderData }: Route.ComponentProps) {
  const { sources, waiting, log } = loaderData;
  const saving = useSending({});
  return (
    <section aria-labelledby="routing-heading" className="space-y-6">
      <div>
        <PageTitle id="routing-heading">Routing</PageTitle>
        <p className="mt-1 max-w-3xl text-muted-foreground">
          New unassigned leads from the sources ticked here go to a client by themselves: to a client whose
          markets and buy box they fit, with room in this month&rsquo;s promise and under the day&rsquo;s
          limit, the one furthest behind its promise first. Possible duplicates, and leads no client can take,
          wait for you in the list of unassigned leads.
        </p>
      </div>
      <Form method="post" className="rounded-2xl border border-border bg-card p-5 shadow-sm">
        <fieldset>
          <legend className="text-lg font-bold">Route new leads from</legend>
          <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            {sources.map((source) => (
              <label key={source.value} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="source"
                  value={source.value}
                  defaultChecked={source.enabled}
                  className="size-4"
                />
                {source.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Button type="submit" pending={saving}>
            {saving ? "Saving..." : "Save Routing"}
          </Button>
          <p className="text-sm text-muted-foreground" role="status">
            {waiting === 0 ? "Nothing waits for a decision." : `${waiting} new leads wait for a decision.`}
          </p>
        </div>
      </Form>
      <section aria-labelledby="routing-log-heading" className="space-y-3">
        <h2 id="routing-log-heading" className="text-xl font-bold">
          Latest decisions
        </h2>
        {log.length === 0 ? (
          <p className="text-muted-foreground">No lead has been routed yet.</p>
        ) : (
          // A list, not a table: on a phone each decision stacks (time, lead, then its reason) and nothing
          // scrolls sideways; from sm up the three line up in columns.
          <ol className="divide-y divide-border rounded-2xl border border-border bg-card text-sm">
            {log.map((entry) => (
              <li
                key={entry.leadId}
                className="space-y-1 px-4 py-3 sm:grid sm:grid-cols-[11rem_12rem_1fr] sm:gap-4 sm:space-y-0"
              >
                <p className="text-muted-foreground">
                  <LocalTime iso={entry.decidedAt} />
                </p>
                <p>
                  <Link
                    to={`/admin/leads/${entry.leadId}`}
                    className="font-semibold text-primary underline-offset-2 hover:underline"
                  >
                    {entry.lead}
                  </Link>
                </p>
                <p className="break-words">
                  <span
                    className={
                      entry.outcome === "routed"
                        ? "mr-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900"
                        : "mr-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
                    }
                  >
                    {entry.outcome === "routed" ? "Routed" : "Held"}
                  </span>
                  {entry.reason}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}

import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { Button } from "~/components/ui/button";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { ClientLeadTable } from "~/features/leads/components/client-portal";
import { clientDashboard, countLeadsAwaitingFeedback } from "~/features/leads/client-leads.server";
import { ownGuarantee } from "~/features/leads/agreements/ledger.server";
import { GuaranteePanel } from "~/features/leads/components/guarantee-panel";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "client");
  const now = new Date();
  const [dashboard, guarantee, awaitingFeedback] = await Promise.all([
    clientDashboard(actor, now),
    ownGuarantee(actor, now),
    countLeadsAwaitingFeedback(actor),
  ]);
  return { ...dashboard, guarantee, awaitingFeedback, now };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Client Dashboard");

export default function ClientDashboard({ loaderData }: Route.ComponentProps) {
  const { counts, recent, guarantee, awaitingFeedback, now } = loaderData;
  const counters = [
    ["Total Leads", counts.total],
    ["New This Week", counts.newThisWeek],
    ["Interested", counts.interested],
    ["Contacted", counts.contacted],
  ] as const;
  return (
    <section aria-labelledby="client-heading">
      <PageTitle id="client-heading">Client Dashboard</PageTitle>
      <p className="mt-1 text-muted-foreground">
        The homeowner leads we have sent you, and where each one stands.
      </p>
      {awaitingFeedback > 0 && (
        // What the investor came to do, first (issue 26): the leads still waiting for their word.
        <Link
          to="/client/leads?feedback=not_reviewed"
          className="mt-5 flex items-center justify-between gap-3 rounded-2xl border border-amber-400 bg-amber-50 p-4 font-semibold text-amber-950 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <span>
            {awaitingFeedback === 1
              ? "1 lead waits for your feedback"
              : `${awaitingFeedback.toLocaleString("en-US")} leads wait for your feedback`}
          </span>
          <ArrowRight className="size-5 shrink-0" aria-hidden="true" />
        </Link>
      )}
      <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {counters.map(([label, value]) => (
          <div key={label} className="rounded-2xl border border-border bg-card p-5 shadow-sm">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="mt-1 text-3xl font-extrabold">{value}</dd>
          </div>
        ))}
      </dl>
      {guarantee && (
        <section aria-labelledby="guarantee-heading" className="mt-10">
          <h2 id="guarantee-heading" className="text-xl font-bold">
            Your guarantee
          </h2>
          <p className="mt-1 mb-4 text-sm text-muted-foreground">
            What we promised and where it stands, live. A returned lead does not count as delivered.
          </p>
          <GuaranteePanel milestones={guarantee.milestones} months={guarantee.months} now={now} />
        </section>
      )}
      <div className="mt-10 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-bold">Recent Leads</h2>
        <Button asChild variant="outline">
          <Link to="/client/leads">
            View All Leads <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <div className="mt-4">
        <ClientLeadTable
          rows={recent}
          caption="Your ten most recent leads"
          empty="No leads assigned to you yet"
          now={now}
        />
      </div>
    </section>
  );
}

import type { Route } from "./+types/agreement";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { ownAgreement } from "~/features/leads/agreements/agreements.server";
import { AgreementTerms } from "~/features/leads/components/agreement-terms";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "client");
  return { agreement: await ownAgreement(actor) };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Your Agreement");

export default function ClientAgreement({ loaderData }: Route.ComponentProps) {
  const { agreement } = loaderData;
  return (
    <section aria-labelledby="agreement-heading" className="max-w-3xl space-y-6">
      <div>
        <PageTitle id="agreement-heading">Your Agreement</PageTitle>
        <p className="mt-1 text-muted-foreground">
          What we promised you. To change anything, talk to your account manager.
        </p>
      </div>
      <div className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6">
        {agreement ? (
          <AgreementTerms agreement={agreement} />
        ) : (
          <p className="text-muted-foreground">Your agreement has not been set up yet.</p>
        )}
      </div>
    </section>
  );
}

import { Link } from "react-router";
import type { Route } from "./+types/detail";
import type { CrumbHandle } from "~/components/layout/breadcrumb";
import { BackLink } from "~/components/ui/back-link";
import { requireArea } from "~/features/auth/access.server";
import { handleTeamPost, isTeamIntent, type TeamReply } from "~/features/auth/client-team-action.server";
import { companyReminderHours, listTeam } from "~/features/auth/client-team.server";
import { TeamPanel } from "~/features/auth/components/team-panel";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { handleAgreementPost } from "~/features/leads/agreements/agreement-action.server";
import { agreementFormValues } from "~/features/leads/agreements/agreement.schema";
import { getClientAgreement } from "~/features/leads/agreements/agreements.server";
import { clientGuarantee } from "~/features/leads/agreements/ledger.server";
import { GuaranteePanel } from "~/features/leads/components/guarantee-panel";
import { AgreementForm } from "~/features/leads/components/agreement-form";
import { AgreementHistory } from "~/features/leads/components/agreement-history";
import { clientDisplayName, formatCount } from "~/features/leads/lead-format";
import { overText } from "~/features/leads/agreements/guarantee";
import { notFound } from "~/lib/not-found";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const found = await getClientAgreement(actor, params.id);
  if (!found) throw notFound("Client not found");
  const now = new Date();
  const [guarantee, team, reminderHours] = await Promise.all([
    clientGuarantee(actor, found.client.id, now),
    listTeam(actor, found.client.id),
    companyReminderHours(actor, found.client.id),
  ]);
  return {
    ...found,
    name: clientDisplayName(found.client),
    guarantee,
    now,
    team: team ?? [],
    reminderHours: reminderHours === undefined ? null : reminderHours,
    actorId: actor.id,
  };
}

/** The agreement's form, or one of the team's (their intent says which). */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireArea(request, "admin");
  const form = await request.clone().formData();
  if (isTeamIntent(form.get("intent"))) return handleTeamPost(actor, params.id, form);
  return handleAgreementPost(request, actor, params.id);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const handle: CrumbHandle = {
  crumb: (data) => (data as { name?: string } | undefined)?.name ?? "Client not found",
};

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta(data ? `${data.name}: Agreement` : "Client not found");

export default function AdminClient({ loaderData, actionData }: Route.ComponentProps) {
  const { client, current, history, name, guarantee, now, team, reminderHours, actorId } = loaderData;
  // The page holds the agreement's form and the team's: each takes only the answers meant for it.
  const teamReply = actionData && "intent" in actionData ? (actionData as TeamReply) : undefined;
  const agreementReply = actionData && !("intent" in actionData) ? actionData : undefined;
  // The ledger's first month is this one.
  const over = guarantee ? overText(guarantee.months[0]!) : null;
  return (
    <section aria-labelledby="client-heading" className="max-w-4xl space-y-8">
      <div>
        <BackLink to="/admin/clients">Back to Clients</BackLink>
        <PageTitle id="client-heading" className="mt-2 break-words">
          {name}
        </PageTitle>
        <p className="mt-1 text-muted-foreground break-words">{client.email}</p>
        <p className="mt-2 text-sm">
          <Link
            to={`/admin/webhooks/${client.id}`}
            className="font-semibold text-primary underline-offset-4 hover:underline"
          >
            Webhook and delivery log
          </Link>
        </p>
      </div>
      {guarantee && (
        <section aria-labelledby="guarantee-heading">
          <h2 id="guarantee-heading" className="mb-4 text-xl font-bold">
            Guarantee
          </h2>
          {over && (
            <p className="mb-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-950">
              {over}: more leads than this month's promise of {formatCount(guarantee.months[0]!.promised)}.
            </p>
          )}
          <GuaranteePanel milestones={guarantee.milestones} months={guarantee.months} now={now} />
        </section>
      )}
      <section
        aria-labelledby="agreement-form-heading"
        className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
      >
        <h2 id="agreement-form-heading" className="text-xl font-bold">
          {current ? `Agreement (version ${current.version})` : "Agreement"}
        </h2>
        <p className="mt-1 mb-5 text-sm text-muted-foreground">
          {current
            ? "A change is kept as a new version; the client sees the current one in their portal."
            : "No agreement yet. Set what we promised this client; they will see it in their portal."}
        </p>
        <AgreementForm
          key={current?.version ?? 0}
          initial={current ? agreementFormValues(current) : undefined}
          reply={agreementReply}
        />
      </section>
      <TeamPanel
        team={team}
        reminderHours={reminderHours}
        canManage
        actorId={actorId}
        reply={teamReply}
        headingLevel={2}
      />
      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-xl font-bold">
          History of changes
        </h2>
        <div className="mt-4">
          <AgreementHistory history={history} />
        </div>
      </section>
    </section>
  );
}

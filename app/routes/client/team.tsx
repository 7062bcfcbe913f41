import type { Route } from "./+types/team";
import { requireArea } from "~/features/auth/access.server";
import { handleTeamPost } from "~/features/auth/client-team-action.server";
import { companyReminderHours, listTeam } from "~/features/auth/client-team.server";
import { TeamPanel } from "~/features/auth/components/team-panel";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { actingClient } from "~/lib/actor";
import { can } from "~/lib/permissions";
import { notFound } from "~/lib/not-found";

/**
 * The company's people (issue 26): everyone sees the team and when waiting leads remind it; its owners
 * invite, change and remove people and choose the reminders' time.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "client");
  const [team, reminderHours] = await Promise.all([
    listTeam(actor, actingClient(actor)),
    companyReminderHours(actor, actingClient(actor)),
  ]);
  if (!team || reminderHours === undefined) throw notFound("Client not found");
  return { team, reminderHours, canManage: can(actor, "team:manage:own"), actorId: actor.id };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireArea(request, "client");
  return handleTeamPost(actor, actingClient(actor), await request.formData());
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Team");

export default function ClientTeam({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamPanel {...loaderData} reply={actionData} />;
}

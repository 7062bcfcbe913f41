import type { Route } from "./+types/team";
import { requireArea } from "~/features/auth/access.server";
import { handleTeamPost } from "~/features/auth/client-team-action.server";
import { listTeam } from "~/features/auth/client-team.server";
import { TeamPanel } from "~/features/auth/components/team-panel";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { actingClient } from "~/lib/actor";
import { can } from "~/lib/permissions";
import { notFound } from "~/lib/not-found";

/** The company's people (issue 26): everyone sees the team; its owners invite, change and remove. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "client");
  const team = await listTeam(actor, actingClient(actor));
  if (!team) throw notFound("Client not found");
  return { team, canManage: can(actor, "team:manage:own"), actorId: actor.id };
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

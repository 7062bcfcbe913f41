/**
 * /admin/sources (ADR 057): the agency's lead sources, added, renamed, retired and merged by admins.
 * Admins only (loader and action).
 */
import type { Route } from "./+types/sources";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { SourceAdmin } from "~/features/leads/components/source-admin";
import { handleSourcePost } from "~/features/leads/sources/sources-action.server";
import { sourcesOverview } from "~/features/leads/sources/sources.server";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  return { sources: await sourcesOverview(actor) };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireArea(request, "admin");
  return handleSourcePost(request, actor);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Lead sources");

export default function AdminSources({ loaderData, actionData }: Route.ComponentProps) {
  return <SourceAdmin sources={loaderData.sources} result={actionData} />;
}

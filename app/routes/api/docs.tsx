import type { Route } from "./+types/docs";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { ApiReference } from "~/features/leads/api/components/api-reference";
import { openApiDocument } from "~/features/leads/api/openapi";
import { env } from "~/lib/env.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireArea(request, "admin");
  return { doc: openApiDocument(env().SITE_URL) };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("API reference");

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  return <ApiReference doc={loaderData.doc} />;
}

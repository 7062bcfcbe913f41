import type { Route } from "./+types/api-keys";
import { requireArea } from "~/features/auth/access.server";
import { handleApiKeyAdminPost } from "~/features/auth/api-keys-action.server";
import { listApiKeyAudit, listApiKeys } from "~/features/auth/api-keys.server";
import { ApiKeyAdmin } from "~/features/auth/components/api-key-admin";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const [keys, audit] = await Promise.all([listApiKeys(actor), listApiKeyAudit(actor)]);
  return { keys, audit };
}

export const action = ({ request }: Route.ActionArgs) => handleApiKeyAdminPost(request);

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("API keys");

export default function AdminApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  return <ApiKeyAdmin {...loaderData} result={actionData} />;
}

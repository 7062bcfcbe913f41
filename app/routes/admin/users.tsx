import type { Route } from "./+types/users";
import { requireArea } from "~/features/auth/access.server";
import { UserAdmin } from "~/features/auth/components/user-admin";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { handleUserAdminPost } from "~/features/auth/user-admin-action.server";
import { listAuditLog, listUsers } from "~/features/auth/user-admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const [users, audit] = [await listUsers(actor), await listAuditLog(actor)];
  return { users, audit, actorId: actor.id };
}

export const action = ({ request }: Route.ActionArgs) => handleUserAdminPost(request);

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Users");

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  return <UserAdmin {...loaderData} result={actionData} />;
}

import type { Route } from "./+types/users";
import { requireArea } from "~/features/auth/access.server";
import { UserAdmin } from "~/features/auth/components/user-admin";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { handleUserAdminPost } from "~/features/auth/user-admin-action.server";
import { listAuditLog } from "~/features/auth/user-admin.server";
import { parseUserListQuery } from "~/features/auth/user-list.schema";
import { listUsersPage } from "~/features/auth/user-list.server";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const query = parseUserListQuery(new URL(request.url));
  const [users, audit] = await Promise.all([listUsersPage(actor, query, query.cursor), listAuditLog(actor)]);
  return { users, audit, query, actorId: actor.id };
}

export const action = ({ request }: Route.ActionArgs) => handleUserAdminPost(request);

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Users");

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  return <UserAdmin {...loaderData} result={actionData} />;
}

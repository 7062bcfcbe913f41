import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AreaFrame, type AreaLink } from "~/components/layout/area-frame";
import { requireRole } from "~/features/auth/access.server";
import { noStoreHeaders } from "~/features/auth/seo";

/** The admin area's frame: its navigation and a Sign Out button (spec 01 §2: Sign Out returns to /). */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, "admin");
  return { email: actor.email };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

const adminNav: AreaLink[] = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/leads", label: "Leads" },
  { to: "/admin/users", label: "Users" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AreaFrame label="Admin" links={adminNav} who={loaderData.email}>
      <Outlet />
    </AreaFrame>
  );
}

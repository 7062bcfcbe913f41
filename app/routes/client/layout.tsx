import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AreaFrame, type AreaLink } from "~/components/layout/area-frame";
import { requireClient } from "~/features/auth/access.server";
import { noStoreHeaders } from "~/features/auth/seo";

/** The client portal's frame. Clients only: an admin sees it only with the client role too. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireClient(request);
  return { who: actor.profile?.companyName || actor.email };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

const clientNav: AreaLink[] = [
  { to: "/client", label: "Dashboard", end: true },
  { to: "/client/leads", label: "My Leads" },
];

export default function ClientLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AreaFrame label="Client portal" links={clientNav} who={loaderData.who}>
      <Outlet />
    </AreaFrame>
  );
}

import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AreaFrame, type AreaLink } from "~/components/layout/area-frame";
import { requireClient } from "~/features/auth/access.server";
import { noStoreHeaders } from "~/features/auth/seo";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";

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
  // Leads assigned, changed or taken away by the agency show up without a reload.
  useLiveRevalidation("/client/events", "lead");
  return (
    <AreaFrame label="Client portal" links={clientNav} who={loaderData.who}>
      <Outlet />
    </AreaFrame>
  );
}

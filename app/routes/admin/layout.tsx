import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { AreaErrorPage, describeAreaError } from "~/components/layout/area-error";
import { AreaFrame, type AreaLink } from "~/components/layout/area-frame";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";

/** The admin area's frame: its navigation and a Sign Out button (spec 01 §2: Sign Out returns to /). */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  return { email: actor.email };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

// A page that failed is answered by this layout's boundary, so the title is named here (ADR 015).
export const meta: Route.MetaFunction = ({ error }) =>
  error ? privatePageMeta(describeAreaError(error).title) : [];

const adminNav: AreaLink[] = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/leads", label: "Leads" },
  { to: "/admin/clients", label: "Clients" },
  { to: "/admin/returns", label: "Returns" },
  { to: "/admin/insights", label: "Insights" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/api-keys", label: "API keys" },
  { to: "/admin/webhooks", label: "Webhooks" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AreaFrame label="Admin" links={adminNav} who={loaderData.email}>
      <Outlet />
    </AreaFrame>
  );
}

/** Any admin page that fails (a lead not found, a refusal, a crash) keeps the admin frame around it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const frame = useRouteLoaderData<typeof loader>("routes/admin/layout");
  return (
    <AreaErrorPage
      error={error}
      frame={frame && { label: "Admin", links: adminNav, who: frame.email }}
      back={{ to: "/admin/leads", label: "Back to Leads" }}
      notFoundHint="It may have been deleted, or the link is incomplete."
    />
  );
}

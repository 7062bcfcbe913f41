import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { AreaErrorPage, describeAreaError } from "~/components/layout/area-error";
import { AreaFrame, type AreaLink } from "~/components/layout/area-frame";
import { requireArea } from "~/features/auth/access.server";
import { areaAccount } from "~/features/auth/area-account.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { countReturnsAwaitingDecision } from "~/features/leads/returns/returns.server";
import { appFrame } from "~/lib/app-frame";
import { can } from "~/lib/permissions";

/**
 * The admin area's frame: its sections, the returns waiting for a decision as a badge, and the account
 * menu with Sign Out (spec 01 §2: Sign Out returns to /).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  return {
    account: areaAccount(actor, "admin"),
    returnsWaiting: can(actor, "return:read:any") ? await countReturnsAwaitingDecision(actor) : 0,
  };
}

export const handle = appFrame;

export const headers: Route.HeadersFunction = () => noStoreHeaders;

// A page that failed is answered by this layout's boundary, so the title is named here (ADR 015).
export const meta: Route.MetaFunction = ({ error }) =>
  error ? privatePageMeta(describeAreaError(error).title) : [];

const adminNav = (returnsWaiting = 0): AreaLink[] => [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/leads", label: "Leads" },
  {
    to: "/admin/returns",
    label: "Returns",
    badge: { count: returnsWaiting, label: "waiting for a decision" },
  },
  { to: "/admin/clients", label: "Clients" },
  { to: "/admin/insights", label: "Insights" },
  { to: "/admin/routing", label: "Routing" },
  { to: "/admin/sources", label: "Sources" },
  { to: "/admin/webhooks", label: "Webhooks" },
  { to: "/admin/api-keys", label: "API keys" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/mail", label: "E-mails" },
];

const frameOf = (data: Awaited<ReturnType<typeof loader>> | undefined) => ({
  label: "Admin",
  home: "/admin",
  links: adminNav(data?.returnsWaiting),
  account: data?.account,
});

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AreaFrame {...frameOf(loaderData)}>
      <Outlet />
    </AreaFrame>
  );
}

/** Any admin page that fails (a lead not found, a refusal, a crash) keeps the admin frame around it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/admin/layout");
  return (
    <AreaErrorPage
      error={error}
      frame={frameOf(data)}
      back={{ to: "/admin/leads", label: "Back to Leads" }}
      notFoundHint="It may have been deleted, or the link is incomplete."
    />
  );
}

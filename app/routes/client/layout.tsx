import { useEffect } from "react";
import { Outlet, useRouteLoaderData, type LinksFunction } from "react-router";
import type { Route } from "./+types/layout";
import { AreaErrorPage, describeAreaError } from "~/components/layout/area-error";
import { AreaFrame, type AreaLink } from "~/components/layout/area-frame";
import { requireArea } from "~/features/auth/access.server";
import { areaAccount } from "~/features/auth/area-account.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { countLeadsAwaitingFeedback } from "~/features/leads/client-leads.server";
import { appFrame } from "~/lib/app-frame";
import { portalApp } from "~/lib/portal-app";
import { registerPortalWorker } from "~/lib/service-worker.client";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";

/**
 * The client portal's frame: its sections, the company's leads waiting for feedback as a badge, and the
 * account menu. Clients only: an admin sees it only with the client role too.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "client");
  return {
    account: areaAccount(actor, "client"),
    awaitingFeedback: await countLeadsAwaitingFeedback(actor),
  };
}

// The portal installs as an app of its own (issue 26 §3): its manifest replaces the site's on its pages.
export const handle = { ...appFrame, manifest: portalApp.manifest };

export const links: LinksFunction = () => [{ rel: "apple-touch-icon", href: portalApp.appleTouchIcon }];

export const headers: Route.HeadersFunction = () => noStoreHeaders;

// A page that failed is answered by this layout's boundary, so the title is named here (ADR 015).
export const meta: Route.MetaFunction = ({ error }) =>
  error ? privatePageMeta(describeAreaError(error).title) : [];

const clientNav = (awaitingFeedback = 0): AreaLink[] => [
  { to: "/client", label: "Dashboard", end: true },
  {
    to: "/client/leads",
    label: "My Leads",
    badge: { count: awaitingFeedback, label: "waiting for your feedback" },
  },
  { to: "/client/insights", label: "Insights" },
  { to: "/client/agreement", label: "Agreement" },
  { to: "/client/team", label: "Team" },
  { to: "/client/settings", label: "Settings" },
];

const frameOf = (data: Awaited<ReturnType<typeof loader>> | undefined) => ({
  label: "Client portal",
  home: "/client",
  links: clientNav(data?.awaitingFeedback),
  account: data?.account,
});

/** The portal's offline worker, registered by its pages only: the public site registers none of it. */
const usePortalWorker = () => useEffect(registerPortalWorker, []);

export default function ClientLayout({ loaderData }: Route.ComponentProps) {
  // Leads assigned, changed or taken away by the agency show up without a reload (the badge too).
  useLiveRevalidation("/client/events", "lead");
  usePortalWorker();
  return (
    <AreaFrame {...frameOf(loaderData)}>
      <Outlet />
    </AreaFrame>
  );
}

/** Any portal page that fails (a lead not found or not theirs, a crash) keeps the portal's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/client/layout");
  // As on every portal page: a lead assigned to them meanwhile opens without a reload.
  useLiveRevalidation("/client/events", "lead");
  usePortalWorker();
  return (
    <AreaErrorPage
      error={error}
      frame={frameOf(data)}
      back={{ to: "/client/leads", label: "Back to My Leads" }}
      notFoundHint="It may no longer be assigned to you, or the link is incomplete."
    />
  );
}

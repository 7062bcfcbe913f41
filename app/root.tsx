import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { Breadcrumb } from "~/components/layout/breadcrumb";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { NotFound } from "~/components/layout/not-found";
import { PrefetchKeyPages } from "~/components/layout/prefetch-key-pages";
import { StaticPageExtras } from "~/components/layout/static-page-extras";
import { FocusKeeper } from "~/components/layout/focus-keeper";
import { ToastRegion } from "~/components/layout/toasts";
import { ANNOUNCER_ID } from "~/lib/announce";
import { useToast } from "~/lib/toast";
import { getAuthState } from "~/features/auth/access.server";
import { env } from "~/lib/env.server";
import { readFlash } from "~/lib/flash.server";
import { can } from "~/lib/permissions";
import { personName } from "~/lib/actor";
import { useInAppFrame, useRouteManifest } from "~/lib/app-frame";
import { useRouteEnhanceScript, useRouteWantsHydration } from "~/lib/hydration";
import { useNonce } from "~/lib/nonce";
import { earlyRowOpenScript, useMarkHydrated } from "~/lib/early-row-open";
import { browserOnline, isNetworkFailure, offlineWords } from "~/lib/offline";
import { site } from "~/lib/site";
import { OfflineNotice } from "~/components/layout/offline-notice";
import stylesheet from "./app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "alternate", type: "application/rss+xml", title: "Leadworks blog", href: "/blog/rss.xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const config = env();
  const flash = readFlash(request);
  // No session cookie, no database work: anonymous pages stay as cheap as before.
  const { actor, setCookies } = await getAuthState(request);
  const headers = new Headers();
  if (flash.clear) headers.append("Set-Cookie", flash.clear);
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return data(
    {
      siteUrl: config.SITE_URL,
      contactEmail: config.CONTACT_EMAIL,
      year: new Date().getFullYear(),
      toast: flash.toast,
      user: actor ? { id: actor.id, email: actor.email, name: personName(actor) } : null,
      // Which signed-in areas the header links to; the areas check again on the server.
      areas: { admin: can(actor, "area:admin"), client: can(actor, "area:client") },
    },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  useToast(rootData?.toast);
  // Signed-in visitors and pending toasts need the app; anonymous visits to static pages do not.
  const hydrate = useRouteWantsHydration() || !!rootData?.user || !!rootData?.toast;
  const enhanceScript = useRouteEnhanceScript();
  // The signed-in areas draw their own frame (header, navigation, main) around the page. Without root
  // data the root loader failed: the root boundary's page then stands alone in an area (the site's
  // header would offer "Sign in" to someone signed in), in the site's frame elsewhere.
  const inArea = useInAppFrame();
  const inAppFrame = inArea && !!rootData;
  // One manifest per page: the browser would only read the first.
  const manifest = useRouteManifest() ?? "/manifest.webmanifest";
  useMarkHydrated();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={site.themeColor} />
        <Meta />
        <Links />
        <link rel="manifest" href={manifest} />
        {hydrate && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: earlyRowOpenScript }} />}
      </head>
      <body className="flex min-h-screen flex-col bg-background text-foreground antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
        >
          Skip to content
        </a>
        {inAppFrame ? (
          children
        ) : inArea ? (
          <main id="main" className="flex-1">
            {children}
          </main>
        ) : (
          <>
            <Header
              account={
                rootData?.user
                  ? { name: rootData.user.name, email: rootData.user.email, areas: rootData.areas }
                  : null
              }
            />
            <Breadcrumb />
            <main id="main" className="flex-1">
              {children}
            </main>
            <Footer
              contactEmail={rootData?.contactEmail ?? ""}
              year={rootData?.year ?? new Date().getFullYear()}
            />
          </>
        )}
        <div id={ANNOUNCER_ID} role="status" aria-live="polite" aria-atomic="true" className="sr-only" />
        {hydrate ? (
          <>
            <FocusKeeper />
            <ToastRegion inApp={inAppFrame} />
            <PrefetchKeyPages />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <StaticPageExtras nonce={nonce} script={enhanceScript} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta({ error }: Route.MetaArgs) {
  // Error pages are never indexed; their titles say what happened.
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = isNetworkFailure(error, browserOnline())
    ? offlineWords.title
    : notFound
      ? "Page not found"
      : "Something went wrong";
  return [{ title: `${title} | Leadworks` }, { name: "robots", content: "noindex, nofollow" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // An in-app navigation that could not reach the server (the installed portal losing its network):
  // the offline page's words, not a 500 the server never said (ADR 050).
  if (isNetworkFailure(error, browserOnline())) return <OfflineNotice />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <p className="text-6xl font-extrabold text-primary">{status}</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="mt-3 max-w-md text-muted-foreground">
        There was an unexpected error. Please try again, or go back to the home page.
      </p>
      <a href="/" className="mt-8 font-semibold text-primary underline underline-offset-4">
        Return to Home
      </a>
    </section>
  );
}

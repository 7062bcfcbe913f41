import { ChevronRight, Home } from "lucide-react";
import { Link, useLocation, useMatches } from "react-router";
import { resolveShortPath, segmentLabels } from "~/lib/site";
import { crumbsForPath } from "~/lib/breadcrumbs";
import { cn } from "~/lib/utils";

/**
 * `export const handle = { crumb: (data) => label }` names the last crumb after the page's data; a list
 * names the last few (e.g. a lead's name, then "Edit").
 */
export interface CrumbHandle {
  crumb?: (loaderData: unknown) => string | string[] | undefined;
}

/**
 * Breadcrumb from the path's segments; hidden on the home page (spec 01 §2). `inApp`: the trail inside a
 * signed-in area's frame starts at the area, and shows only below a section (the area's navigation
 * already marks the section) and not on a phone.
 */
export function Breadcrumb({ inApp = false }: { inApp?: boolean }) {
  const { pathname } = useLocation();
  const matches = useMatches();
  // Hidden on the home page, and on the not-found page: a path that leads nowhere has no trail.
  if (pathname === "/" || matches.some((match) => match.id === "routes/site/not-found")) return null;
  const crumbs = crumbsForPath(pathname, segmentLabels, resolveShortPath);
  if (inApp) {
    crumbs.shift();
    if (crumbs.length <= 2) return null;
  }
  // A page named by its data (a lead's id in the path) gives its own label for the last crumb.
  const named = matches.findLast(
    (match) => typeof (match.handle as CrumbHandle | undefined)?.crumb === "function",
  );
  const given = named && (named.handle as CrumbHandle).crumb!(named.loaderData);
  const labels = typeof given === "string" ? [given] : (given ?? []);
  labels.forEach((label, i) => {
    const index = crumbs.length - labels.length + i;
    if (index > 0) crumbs[index]!.label = label; // never the first crumb (Home, or the area)
  });
  return (
    // In the app frame a phone shows none: one row of navigation before the page, which has its back link.
    <nav
      aria-label="Breadcrumb"
      className={inApp ? "mb-4 hidden sm:block" : "border-b border-border bg-muted/50"}
    >
      <ol
        className={cn(
          "flex flex-wrap items-center gap-1 text-sm text-muted-foreground",
          !inApp && "container-page py-2",
        )}
      >
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path + index} className="flex items-center gap-1">
              {index > 0 && <ChevronRight className="size-4" aria-hidden="true" />}
              {last ? (
                <span aria-current="page" className="font-medium text-foreground">
                  {crumb.label}
                </span>
              ) : (
                <Link
                  to={crumb.path}
                  className="inline-flex items-center gap-1 rounded py-1 hover:text-foreground"
                >
                  {index === 0 && !inApp ? (
                    <>
                      <Home className="size-4" aria-hidden="true" />
                      <span className="sr-only">{crumb.label}</span>
                    </>
                  ) : (
                    crumb.label
                  )}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

import { ChevronRight, Home } from "lucide-react";
import { Link, useLocation, useMatches } from "react-router";
import { resolveShortPath, segmentLabels } from "~/lib/site";
import { crumbsForPath } from "~/lib/breadcrumbs";

/**
 * `export const handle = { crumb: (data) => label }` names the last crumb after the page's data; a list
 * names the last few (e.g. a lead's name, then "Edit").
 */
export interface CrumbHandle {
  crumb?: (loaderData: unknown) => string | string[] | undefined;
}

/** Breadcrumb from the path's segments; hidden on the home page (spec 01 §2). */
export function Breadcrumb() {
  const { pathname } = useLocation();
  const matches = useMatches();
  // Hidden on the home page, and on the not-found page: a path that leads nowhere has no trail.
  if (pathname === "/" || matches.some((match) => match.id === "routes/site/not-found")) return null;
  const crumbs = crumbsForPath(pathname, segmentLabels, resolveShortPath);
  // A page named by its data (a lead's id in the path) gives its own label for the last crumb.
  const named = matches.findLast(
    (match) => typeof (match.handle as CrumbHandle | undefined)?.crumb === "function",
  );
  const given = named && (named.handle as CrumbHandle).crumb!(named.loaderData);
  const labels = typeof given === "string" ? [given] : (given ?? []);
  labels.forEach((label, i) => {
    const index = crumbs.length - labels.length + i;
    if (index > 0) crumbs[index]!.label = label; // never the Home crumb
  });
  return (
    <nav aria-label="Breadcrumb" className="border-b border-border bg-muted/50">
      <ol className="container-page flex flex-wrap items-center gap-1 py-2 text-sm text-muted-foreground">
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
                  {index === 0 ? (
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

/**
 * Pages that need no client JavaScript. Marketing and blog pages are complete as server HTML, so an
 * anonymous visitor gets them without React's ~107 KB runtime: links are ordinary page loads (served
 * from memory), the mobile menu is a native disclosure, and the key pages are prefetched with
 * <link rel="prefetch">. Pages with forms, and every page for a signed-in visitor or one with a toast to
 * show, hydrate as usual.
 */
import { useMatches } from "react-router";

/** `export const handle = staticPage` in a route module marks the page as needing no JavaScript. */
export const staticPage = { hydrate: false } as const;

export function useRouteWantsHydration(): boolean {
  return !useMatches().some(
    (match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false,
  );
}

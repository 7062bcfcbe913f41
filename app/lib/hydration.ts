/**
 * Pages that need no client JavaScript. Marketing and blog pages are complete as server HTML, so an
 * anonymous visitor gets them without React's ~107 KB runtime: links are ordinary page loads (served
 * from memory), the mobile menu is a native disclosure, and the key pages are prefetched with
 * <link rel="prefetch">. The public forms come with a page script of their own (`enhancedPage`); pages
 * with other forms, and every page for a signed-in visitor or one with a toast to show, hydrate as usual.
 */
import { useMatches } from "react-router";

/** `export const handle = staticPage` in a route module marks the page as needing no JavaScript. */
export const staticPage = { hydrate: false } as const;

/**
 * A page without React whose forms one small page script makes instant: `app/enhance/<script>.ts`
 * (ADR 055). Signed-in visitors, who get the app anyway, get the page's React forms instead.
 */
export const enhancedPage = (script: string) => ({ hydrate: false, enhance: script }) as const;

interface HydrationHandle {
  hydrate?: boolean;
  enhance?: string;
}

const handles = (matches: ReturnType<typeof useMatches>) =>
  matches.map((match) => (match.handle ?? {}) as HydrationHandle);

export function useRouteWantsHydration(): boolean {
  return !handles(useMatches()).some((handle) => handle.hydrate === false);
}

/** The page script the matched route names, if it names one. */
export function useRouteEnhanceScript(): string | undefined {
  return handles(useMatches()).find((handle) => handle.enhance)?.enhance;
}

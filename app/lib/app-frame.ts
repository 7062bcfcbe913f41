/**
 * The signed-in areas (/admin, /client) render in an application frame of their own: no marketing
 * header, breadcrumb bar or footer. Their layout routes say so with `export const handle = appFrame`;
 * the document shell asks `useInAppFrame()`.
 */
import { useMatches } from "react-router";

export const appFrame = { frame: "app" } as const;

export function useInAppFrame(): boolean {
  return useMatches().some((match) => (match.handle as { frame?: string } | undefined)?.frame === "app");
}

/**
 * The web app manifest of the deepest route that names one (`handle.manifest`): the client portal installs
 * as an app of its own, the rest of the site keeps the site's manifest.
 */
export function useRouteManifest(): string | undefined {
  return useMatches()
    .map((match) => (match.handle as { manifest?: string } | undefined)?.manifest)
    .findLast((manifest) => manifest !== undefined);
}

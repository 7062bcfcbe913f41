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

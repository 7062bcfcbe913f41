/**
 * The client portal as an installed app (issue 26 §3): its web app manifest, its icons and the addresses
 * of its offline worker and offline page. The public site keeps its own manifest and worker (/sw.js).
 *
 * The scope is "/client" without a trailing slash: the portal's home is /client itself, which the scope
 * "/client/" would leave out (its Dashboard link would then lead out of the app, and no worker would
 * answer the app's start while offline). No other path starts with "/client".
 */
import { site } from "./site";

export const portalApp = {
  scope: "/client",
  manifest: "/client/manifest.webmanifest",
  worker: "/client/sw.js",
  offlinePage: "/client/offline",
  appleTouchIcon: "/icons/apple-touch-icon.png",
  backgroundColor: "#ffffff",
} as const;

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: "image/png";
  purpose: "any" | "maskable";
}

/** Drawn from public/favicon.svg by scripts/make-app-icons.ts. */
export const portalIcons: readonly ManifestIcon[] = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
];

/** The portal's web app manifest (served at portalApp.manifest as application/manifest+json). */
export function portalManifest() {
  return {
    // The app's identity stays the same if start_url ever changes.
    id: portalApp.scope,
    name: site.name,
    short_name: site.name,
    description: `${site.name} client portal: your leads, feedback, returns and insights.`,
    lang: "en",
    start_url: portalApp.scope,
    scope: portalApp.scope,
    display: "standalone",
    background_color: portalApp.backgroundColor,
    theme_color: site.themeColor,
    icons: portalIcons,
  };
}

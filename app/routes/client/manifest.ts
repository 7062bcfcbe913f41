import { portalManifest } from "~/lib/portal-app";

/** /client/manifest.webmanifest: the portal's web app manifest, the same for everyone (no sign-in). */
export function loader() {
  return new Response(JSON.stringify(portalManifest()), {
    headers: {
      "Content-Type": "application/manifest+json",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

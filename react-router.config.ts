import type { Config } from "@react-router/dev/config";

// Server-rendered app. Static marketing pages are rendered once at server start (see server/prerender.ts)
// rather than by React Router's build-time prerender, because they embed runtime configuration
// (SITE_URL, CONTACT_EMAIL). See docs/decisions/003-prerender-at-start.md.
export default {
  ssr: true,
  // React Router v8's changes, each declined on purpose until we move to it (and named, so no build warns):
  // middleware replaces the load context our server passes (cspNonce, clientIp); the new data-request
  // URLs change the `.data` paths the request guard reads (server/request-guard.ts); split route modules,
  // Vite's environment API and pass-through requests change the build and the request our handler sees.
  future: {
    v8_middleware: false,
    v8_passThroughRequests: false,
    v8_splitRouteModules: false,
    v8_trailingSlashAwareDataRequests: false,
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;

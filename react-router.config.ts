import type { Config } from "@react-router/dev/config";

// Server-rendered app. Static marketing pages are rendered once at server start (see server/prerender.ts)
// rather than by React Router's build-time prerender, because they embed runtime configuration
// (SITE_URL, CONTACT_EMAIL). See docs/decisions/003-prerender-at-start.md.
export default {
  ssr: true,
} satisfies Config;

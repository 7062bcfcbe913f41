/**
 * The route table, mirroring the spec's route tables. Short paths and /blog/1-15 are not here: the server
 * answers them with 301 before routing (public-routes.ts).
 */
import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  // Public site (spec 01 §2)
  index("routes/site/home.tsx"),
  route("services/real-estate-lead-generation-solutions", "routes/site/services.tsx"),
  route("services/wholesale-real-estate-lead-generation", "routes/site/service-detail.tsx", {
    id: "service-wholesale",
  }),
  route("services/fix-flip-property-lead-generation", "routes/site/service-detail.tsx", {
    id: "service-fix-flip",
  }),
  route("services/motivated-seller-lead-nurturing", "routes/site/service-detail.tsx", {
    id: "service-nurturing",
  }),
  route("services/real-estate-market-research-analysis", "routes/site/service-detail.tsx", {
    id: "service-research",
  }),
  route("about/real-estate-lead-generation-company", "routes/site/about.tsx"),
  route("careers/real-estate-lead-generation-jobs", "routes/site/careers.tsx"),
  route("contact/real-estate-lead-generation-services", "routes/site/contact.tsx", { id: "contact" }),
  // Article call-to-action destinations of spec 02: the contact page with the subject prefilled.
  route("contact/fix-flip-lead-generation", "routes/site/contact.tsx", { id: "contact-fix-flip" }),
  route("contact/lead-qualification-services", "routes/site/contact.tsx", { id: "contact-qualification" }),

  // Blog (spec 02 §2)
  route("blog/real-estate-lead-generation-insights", "routes/blog/index.tsx"),
  route("blog/rss.xml", "routes/blog/rss.ts"),
  route("blog/:slug", "routes/blog/article.tsx"),

  // Accounts (spec 01 §2, §4): sign-in and sign-up, e-mailed links, sign-out, the user's own profile
  route("auth", "routes/auth/auth.tsx"),
  route("auth/verify-email", "routes/auth/verify-email.tsx"),
  route("auth/forgot-password", "routes/auth/forgot-password.tsx"),
  route("auth/reset-password", "routes/auth/reset-password.tsx"),
  route("auth/sign-out", "routes/auth/sign-out.tsx"),
  route("account", "routes/account.tsx"),
  // A notification's one-click unsubscribe (RFC 8058): signed token, no sign-in; GET confirms, POST acts
  route("unsubscribe", "routes/unsubscribe.tsx"),

  // Admin area (spec 01 §2, spec 02 §2): admins only, checked by every loader and action
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("leads", "routes/admin/leads/list.tsx"),
    route("leads/new", "routes/admin/leads/new.tsx"),
    route("leads/import", "routes/admin/leads/import.tsx"),
    route("leads/import/:id", "routes/admin/leads/import-detail.tsx"),
    route("leads/:id", "routes/admin/leads/detail.tsx"),
    route("leads/:id/edit", "routes/admin/leads/edit.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("api-keys", "routes/admin/api-keys.tsx"),
    route("clients", "routes/admin/clients/list.tsx"),
    route("clients/:id", "routes/admin/clients/detail.tsx"),
    route("returns", "routes/admin/returns.tsx"),
    route("insights", "routes/admin/insights.tsx"),
    route("webhooks", "routes/admin/webhooks/list.tsx"),
    route("webhooks/:clientId", "routes/admin/webhooks/client.tsx"),
    route("mail", "routes/admin/mail.tsx"),
    route("routing", "routes/admin/routing.tsx"),
    route("sources", "routes/admin/sources.tsx"),
  ]),
  // Admin-only resources outside the layout: 404 to everyone else
  route("admin/applications/:id/resume", "routes/admin/resume.ts"),
  route("admin/submissions/export.csv", "routes/admin/export.ts"),
  route("admin/events", "routes/admin/events.ts"),
  route("admin/leads/:id/documents/:documentId", "routes/admin/leads/document.ts"),
  route("admin/leads/events", "routes/admin/leads/events.ts"),
  route("admin/leads/duplicates", "routes/admin/leads/duplicates.ts"),
  route("admin/leads/export.csv", "routes/admin/leads/export.ts"),
  route("admin/leads/import/:id/rejected.csv", "routes/admin/leads/import-rejected.ts"),
  route("admin/webhooks/events", "routes/admin/webhooks/events.ts"),
  route("admin/insights/export.csv", "routes/admin/insights-export.ts"),

  // Client portal (spec 02 §2): clients only, and only the leads assigned to them
  route("client", "routes/client/layout.tsx", [
    index("routes/client/dashboard.tsx"),
    route("leads", "routes/client/leads.tsx"),
    route("leads/:id", "routes/client/lead.tsx"),
    route("agreement", "routes/client/agreement.tsx"),
    route("insights", "routes/client/insights.tsx"),
    route("settings", "routes/client/settings.tsx"),
    route("team", "routes/client/team.tsx"),
  ]),
  route("client/events", "routes/client/events.ts"),
  route("client/settings/events", "routes/client/settings-events.ts"),
  route("client/insights/export.csv", "routes/client/insights-export.ts"),
  // The portal as an installed app (issue 26): manifest, offline worker and its page; no sign-in
  route("client/manifest.webmanifest", "routes/client/manifest.ts"),
  route("client/sw.js", "routes/client/service-worker.ts"),
  route("client/offline", "routes/client/offline.ts"),

  // Public API (issue 14): bearer keys, JSON, problem+json; its reference for admins
  route("api/v1/leads", "routes/api/v1/leads.ts"),
  route("api/v1/leads/:id", "routes/api/v1/lead.ts"),
  route("api/v1/openapi.json", "routes/api/v1/openapi.ts"),
  route("api/v1/*", "routes/api/v1/not-found.ts"),
  route("api/docs", "routes/api/docs.tsx"),

  // Machine-readable resources
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  route("sw.js", "routes/api/service-worker.ts"),

  // Everything else: the not-found page with HTTP 404
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;

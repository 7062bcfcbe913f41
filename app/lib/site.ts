/**
 * The brand, the public paths and the navigation: one typed module, so names, links and claims are
 * never scattered across components. Runtime values (contact e-mail, site URL) come from the root loader.
 */
export const site = {
  name: "Leadworks",
  tagline: "Outsourced lead generation for real estate investors",
  description:
    "Leadworks finds, qualifies and nurtures motivated home sellers for US real estate wholesalers and fix-and-flip investors: up to 500+ qualified leads a month, the first 50 within 30 days.",
  professionalNetworkUrl: "https://www.linkedin.com/company/leadworks-lead-generation",
  areaServed: "United States",
  hours: { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "18:00" },
  hoursLabel: "Monday to Friday, 9:00 AM to 6:00 PM",
  rating: { value: 4.9, count: 127 },
  /** The browser's toolbar and an installed app's title bar (theme-color, web app manifests). */
  themeColor: "#1e3a8a",
} as const;

/** Canonical paths of the public pages (spec 01 §2). */
export const paths = {
  home: "/",
  services: "/services/real-estate-lead-generation-solutions",
  wholesale: "/services/wholesale-real-estate-lead-generation",
  fixFlip: "/services/fix-flip-property-lead-generation",
  nurturing: "/services/motivated-seller-lead-nurturing",
  research: "/services/real-estate-market-research-analysis",
  about: "/about/real-estate-lead-generation-company",
  careers: "/careers/real-estate-lead-generation-jobs",
  contact: "/contact/real-estate-lead-generation-services",
  contactFixFlip: "/contact/fix-flip-lead-generation",
  contactQualification: "/contact/lead-qualification-services",
  blog: "/blog/real-estate-lead-generation-insights",
  auth: "/auth",
} as const;

export type NavLink = { label: string; to: string };

/** The detail page of each service line. */
export const servicePaths = {
  wholesale: paths.wholesale,
  fixFlip: paths.fixFlip,
  nurturing: paths.nurturing,
  research: paths.research,
} as const;

export const mainNav: NavLink[] = [
  { label: "Find a Lead Generation Service", to: paths.services },
  { label: "About Us", to: paths.about },
  { label: "Blog", to: paths.blog },
  { label: "Careers", to: paths.careers },
];

export const serviceLinks: NavLink[] = [
  { label: "Wholesale Lead Generation", to: paths.wholesale },
  { label: "Fix & Flip Leads", to: paths.fixFlip },
  { label: "Lead Nurturing & Conversion", to: paths.nurturing },
  { label: "Market Research", to: paths.research },
];

export const companyLinks: NavLink[] = [
  { label: "About Us", to: paths.about },
  { label: "Careers", to: paths.careers },
  { label: "Blog", to: paths.blog },
  { label: "Contact", to: paths.contact },
];

/** The short paths of spec 01 §2, answered with HTTP 301 on exact match. */
export const shortPathRedirects: Record<string, string> = {
  "/blog": paths.blog,
  "/careers": paths.careers,
  "/contact": paths.contact,
  "/about": paths.about,
  "/services": paths.services,
  "/services/wholesale-real-estate": paths.wholesale,
  "/services/fix-and-flip": paths.fixFlip,
  "/services/lead-nurturing": paths.nurturing,
  "/services/market-research": paths.research,
};

/** A short path's canonical page (e.g. "/services"), or the path itself; used by the breadcrumb. */
export const resolveShortPath = (path: string) => shortPathRedirects[path] ?? path;

/** Friendly breadcrumb labels for path segments; other segments are title-cased. */
export const segmentLabels: Record<string, string> = {
  services: "Services",
  "real-estate-lead-generation-solutions": "Lead Generation Solutions",
  "wholesale-real-estate-lead-generation": "Wholesale Lead Generation",
  "fix-flip-property-lead-generation": "Fix & Flip Leads",
  "motivated-seller-lead-nurturing": "Lead Nurturing",
  "real-estate-market-research-analysis": "Market Research",
  about: "About",
  "real-estate-lead-generation-company": "Our Company",
  careers: "Careers",
  "real-estate-lead-generation-jobs": "Jobs",
  contact: "Contact",
  "real-estate-lead-generation-services": "Get in Touch",
  "fix-flip-lead-generation": "Fix & Flip Leads",
  "lead-qualification-services": "Lead Qualification",
  blog: "Blog",
  "real-estate-lead-generation-insights": "Insights",
  auth: "Sign In",
  client: "Client Portal",
  new: "New Lead",
  "api-keys": "API Keys",
  api: "API",
};

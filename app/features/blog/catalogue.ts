/**
 * The blog catalogue of spec 02 §2: id, slug, category and read time, in catalogue order (newest first).
 * Titles, excerpts, authors and bodies live in content/blog/<slug>.md and are checked against this table.
 */
export const blogCategories = [
  "Wholesale Real Estate",
  "Fix & Flip",
  "Lead Generation",
  "Psychology",
  "Digital Marketing",
  "Market Analysis",
  "Technology",
  "Cold Calling",
  "Direct Mail",
  "Social Media",
  "Networking",
  "Probate",
  "Analytics",
  "Foreclosure",
  "Business Growth",
] as const;

export type BlogCategory = (typeof blogCategories)[number];

export interface CatalogueEntry {
  id: number;
  slug: string;
  category: BlogCategory;
  readTime: number;
}

export const blogCatalogue: readonly CatalogueEntry[] = [
  {
    id: 1,
    slug: "wholesale-real-estate-lead-generation-guide-2024",
    category: "Wholesale Real Estate",
    readTime: 8,
  },
  { id: 2, slug: "fix-flip-property-leads-200-monthly-system", category: "Fix & Flip", readTime: 6 },
  { id: 3, slug: "motivated-seller-lead-qualification-framework", category: "Lead Generation", readTime: 7 },
  { id: 4, slug: "motivated-seller-psychology-property-decisions", category: "Psychology", readTime: 5 },
  {
    id: 5,
    slug: "digital-marketing-real-estate-investors-2024",
    category: "Digital Marketing",
    readTime: 10,
  },
  {
    id: 6,
    slug: "real-estate-market-analysis-investment-opportunities",
    category: "Market Analysis",
    readTime: 9,
  },
  { id: 7, slug: "crm-systems-real-estate-lead-conversion", category: "Technology", readTime: 6 },
  { id: 8, slug: "cold-calling-scripts-real-estate-lead-generation", category: "Cold Calling", readTime: 8 },
  { id: 9, slug: "direct-mail-campaigns-real-estate-roi", category: "Direct Mail", readTime: 7 },
  {
    id: 10,
    slug: "social-media-lead-generation-real-estate-investors",
    category: "Social Media",
    readTime: 6,
  },
  { id: 11, slug: "real-estate-networking-relationship-building-deals", category: "Networking", readTime: 5 },
  { id: 12, slug: "probate-real-estate-leads-motivated-sellers", category: "Probate", readTime: 8 },
  { id: 13, slug: "real-estate-lead-generation-metrics-kpis", category: "Analytics", readTime: 7 },
  { id: 14, slug: "foreclosure-leads-distressed-properties-deals", category: "Foreclosure", readTime: 9 },
  {
    id: 15,
    slug: "scaling-real-estate-business-investment-empire",
    category: "Business Growth",
    readTime: 11,
  },
];

export const blogPath = (slug: string) => `/blog/${slug}`;

/** /blog/1 ... /blog/15 answer 301 to the article slugs in catalogue order. */
export const blogNumberRedirects: Record<string, string> = Object.fromEntries(
  blogCatalogue.map((entry) => [`/blog/${entry.id}`, blogPath(entry.slug)]),
);

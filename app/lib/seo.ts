/**
 * The one place that builds a page's metadata: title, description, keywords, canonical, Open Graph,
 * Twitter, robots and JSON-LD. Route modules describe their page; this turns it into meta descriptors.
 */
import type { MetaDescriptor } from "react-router";

export type JsonLd = Record<string, unknown>;

export interface PageSeo {
  title: string;
  description: string;
  keywords?: readonly string[];
  /** Canonical path of the page, e.g. "/about/real-estate-lead-generation-company". */
  path: string;
  /** Absolute origin without trailing slash, e.g. "https://leadworks.example". */
  siteUrl: string;
  siteName: string;
  ogType?: "website" | "article";
  /** Path or absolute URL of the social card image. */
  image?: string;
  noindex?: boolean;
  jsonLd?: readonly JsonLd[];
}

export const absoluteUrl = (siteUrl: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl === "/" ? "/" : pathOrUrl}`;

export function buildMeta(page: PageSeo): MetaDescriptor[] {
  const url = absoluteUrl(page.siteUrl, page.path);
  const fullTitle = page.title.includes(page.siteName) ? page.title : `${page.title} | ${page.siteName}`;
  const image = page.image ? absoluteUrl(page.siteUrl, page.image) : undefined;
  const meta: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: page.description },
    { name: "robots", content: page.noindex ? "noindex, nofollow" : "index, follow" },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.ogType ?? "website" },
    { property: "og:site_name", content: page.siteName },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: page.description },
  ];
  if (page.keywords?.length) meta.push({ name: "keywords", content: page.keywords.join(", ") });
  if (image) {
    meta.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  for (const data of page.jsonLd ?? []) meta.push({ "script:ld+json": data });
  return meta;
}

// ---------------------------------------------------------------- JSON-LD builders (schema.org)

export interface Crumb {
  label: string;
  path: string;
}

export function breadcrumbListJsonLd(siteUrl: string, crumbs: readonly Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

export function faqPageJsonLd(items: readonly { question: string; answer: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

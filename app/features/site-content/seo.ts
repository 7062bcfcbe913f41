/**
 * Site-wide metadata: every public page builds its tags here, so the Organization and ProfessionalService
 * JSON-LD, the breadcrumb's BreadcrumbList and the title format are the same everywhere.
 */
import type { MetaDescriptor } from "react-router";
import { crumbsForPath } from "~/lib/breadcrumbs";
import { breadcrumbListJsonLd, buildMeta, type JsonLd } from "~/lib/seo";
import { resolveShortPath, segmentLabels, site } from "~/lib/site";

/** The part of the root loader's data that metadata needs. */
export interface SiteConfig {
  siteUrl: string;
  contactEmail: string;
}

type MatchLike = { id: string; loaderData?: unknown; data?: unknown } | undefined;

/** Reads the site configuration from the root route's loader data inside a meta function. */
export function siteConfigFrom(matches: readonly MatchLike[]): SiteConfig {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as Partial<SiteConfig> | undefined;
  return { siteUrl: data?.siteUrl ?? "", contactEmail: data?.contactEmail ?? "" };
}

export function organizationJsonLd(config: SiteConfig): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${config.siteUrl}/#organization`,
    name: site.name,
    url: `${config.siteUrl}/`,
    logo: `${config.siteUrl}/logo.png`,
    email: config.contactEmail,
    description: site.description,
    sameAs: [site.professionalNetworkUrl],
  };
}

export function professionalServiceJsonLd(config: SiteConfig): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": `${config.siteUrl}/#service`,
    name: site.name,
    url: `${config.siteUrl}/`,
    image: `${config.siteUrl}/social-card.png`,
    email: config.contactEmail,
    description: site.description,
    areaServed: { "@type": "Country", name: site.areaServed },
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: site.hours.days,
      opens: site.hours.opens,
      closes: site.hours.closes,
    },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: site.rating.value,
      reviewCount: site.rating.count,
      bestRating: 5,
    },
    priceRange: "$$",
  };
}

export interface SitePage {
  title: string;
  description: string;
  keywords?: readonly string[];
  path: string;
  ogType?: "website" | "article";
  noindex?: boolean;
  /** Page-specific JSON-LD (Service, Article, FAQPage); site-wide and breadcrumb data are added here. */
  jsonLd?: readonly JsonLd[];
}

export function sitePageMeta(matches: readonly MatchLike[], page: SitePage): MetaDescriptor[] {
  const config = siteConfigFrom(matches);
  const jsonLd: JsonLd[] = [
    organizationJsonLd(config),
    professionalServiceJsonLd(config),
    ...(page.jsonLd ?? []),
  ];
  if (page.path !== "/") {
    jsonLd.push(
      breadcrumbListJsonLd(config.siteUrl, crumbsForPath(page.path, segmentLabels, resolveShortPath)),
    );
  }
  return buildMeta({
    ...page,
    siteUrl: config.siteUrl,
    siteName: site.name,
    image: "/social-card.png",
    jsonLd,
  });
}

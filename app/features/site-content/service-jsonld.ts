import type { JsonLd } from "~/lib/seo";
import type { ServiceDetail } from "./content.types";
import { site } from "~/lib/site";

/** schema.org Service for a service detail page, provided by the organisation. */
export function serviceJsonLd(siteUrl: string, path: string, service: ServiceDetail): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.hero.title,
    serviceType: service.serviceType,
    description: service.metaDescription,
    url: `${siteUrl}${path}`,
    provider: { "@type": "ProfessionalService", "@id": `${siteUrl}/#service`, name: site.name },
    areaServed: { "@type": "Country", name: site.areaServed },
  };
}

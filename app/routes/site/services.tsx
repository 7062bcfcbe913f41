import type { Route } from "./+types/services";
import { home } from "~/features/site-content/content/home";
import { serviceCards, servicesOverview } from "~/features/site-content/content/services";
import { PageHero } from "~/features/site-content/components/page-hero";
import { CtaBand, Section, ServiceCardGrid } from "~/features/site-content/components/sections";
import { sitePageMeta } from "~/features/site-content/seo";
import { paths } from "~/lib/site";
import { staticPage } from "~/lib/hydration";

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    title: "Real Estate Lead Generation Solutions",
    description: servicesOverview.metaDescription,
    keywords: [
      "real estate lead generation services",
      "wholesale leads",
      "fix and flip leads",
      "lead nurturing",
    ],
    path: paths.services,
  });

/** Complete as server HTML: no client JavaScript for anonymous visitors (lib/hydration.ts). */
export const handle = staticPage;

export default function Services() {
  return (
    <>
      <PageHero {...servicesOverview.hero} />
      <Section id="services" title="Find a Lead Generation Service" lead={servicesOverview.intro}>
        <ServiceCardGrid cards={serviceCards} />
      </Section>
      <CtaBand cta={home.closingCta} />
    </>
  );
}

import type { Route } from "./+types/services";
import { PageHero } from "~/features/site-content/components/page-hero";
import { sitePageMeta } from "~/features/site-content/seo";
import { paths } from "~/features/site-content/site";

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    title: "Real Estate Lead Generation Solutions",
    description:
      "Four lead generation services for real estate investors: wholesale leads, fix-and-flip opportunities, lead nurturing and market research.",
    path: paths.services,
  });

export default function Services() {
  return (
    <PageHero
      eyebrow="Our services"
      title="Find a Lead Generation Service"
      lead="Wholesale leads, fix-and-flip opportunities, nurturing that converts, and research that tells you where to buy."
    />
  );
}

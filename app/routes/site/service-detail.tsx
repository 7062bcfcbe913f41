import { useLocation } from "react-router";
import type { Route } from "./+types/service-detail";
import { PageHero } from "~/features/site-content/components/page-hero";
import { sitePageMeta } from "~/features/site-content/seo";
import { serviceLinks } from "~/features/site-content/site";

const serviceFor = (pathname: string) => serviceLinks.find((s) => s.to === pathname) ?? serviceLinks[0]!;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const service = serviceFor(location.pathname);
  return sitePageMeta(matches, {
    title: service.label,
    description: `${service.label} for US real estate investors from Leadworks.`,
    path: service.to,
  });
};

export default function ServiceDetail() {
  const service = serviceFor(useLocation().pathname);
  return (
    <PageHero eyebrow="Service" title={service.label} lead="Details of this service are on their way." />
  );
}

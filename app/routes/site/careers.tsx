import type { Route } from "./+types/careers";
import { PageHero } from "~/features/site-content/components/page-hero";
import { sitePageMeta } from "~/features/site-content/seo";
import { paths } from "~/features/site-content/site";

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    title: "Real Estate Lead Generation Jobs",
    description:
      "Join the Leadworks team: lead generation, market research, digital marketing and client success roles.",
    path: paths.careers,
  });

export default function Careers() {
  return (
    <PageHero
      eyebrow="Careers"
      title="Build the deal flow behind 200+ investors"
      lead="We hire people who like results, clear numbers and helping clients win."
    />
  );
}

import { Link } from "react-router";
import type { Route } from "./+types/home";
import { Button } from "~/components/ui/button";
import { PageHero } from "~/features/site-content/components/page-hero";
import { sitePageMeta } from "~/features/site-content/seo";
import { paths, site } from "~/features/site-content/site";

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    title: "Real Estate Lead Generation for Investors",
    description: site.description,
    keywords: [
      "real estate lead generation",
      "motivated seller leads",
      "wholesale leads",
      "fix and flip leads",
    ],
    path: paths.home,
  });

export default function Home() {
  return (
    <PageHero
      eyebrow="Outsourced lead generation"
      title="Qualified motivated-seller leads, delivered to your pipeline"
      lead="Up to 500+ qualified leads a month for wholesalers and fix-and-flip investors, with your first 50 within 30 days. No setup fees, no long-term contracts."
    >
      <Button asChild variant="accent" size="lg">
        <Link to={paths.contact}>Start Generating Leads</Link>
      </Button>
    </PageHero>
  );
}

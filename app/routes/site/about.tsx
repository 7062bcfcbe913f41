import type { Route } from "./+types/about";
import { PageHero } from "~/features/site-content/components/page-hero";
import { sitePageMeta } from "~/features/site-content/seo";
import { paths } from "~/features/site-content/site";

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    title: "About Our Real Estate Lead Generation Company",
    description:
      "Who we are: a lead generation team built by real estate investors, for real estate investors.",
    path: paths.about,
  });

export default function About() {
  return (
    <PageHero
      eyebrow="About us"
      title="Built by investors who needed better leads"
      lead="We started Leadworks to give investors the steady, qualified deal flow we wished we had."
    />
  );
}

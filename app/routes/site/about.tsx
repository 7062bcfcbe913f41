import type { Route } from "./+types/about";
import { about } from "~/features/site-content/content/about";
import { PageHero } from "~/features/site-content/components/page-hero";
import { CtaBand, FeatureGrid, Section } from "~/features/site-content/components/sections";
import { sitePageMeta } from "~/features/site-content/seo";
import { paths } from "~/lib/site";
import { staticPage } from "~/lib/hydration";

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    title: "About Our Real Estate Lead Generation Company",
    description: about.metaDescription,
    keywords: ["real estate lead generation company", "about Leadworks", "motivated seller lead experts"],
    path: paths.about,
  });

/** Complete as server HTML: no client JavaScript for anonymous visitors (lib/hydration.ts). */
export const handle = staticPage;

export default function About() {
  return (
    <>
      <PageHero {...about.hero} contactButton="Talk to Our Team" />
      <section aria-labelledby="story-heading" className="py-16 sm:py-20">
        <div className="container-page max-w-3xl">
          <h2 id="story-heading" className="text-3xl font-extrabold tracking-tight">
            {about.story.title}
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
            {about.story.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>
      <Section id="expertise" title={about.expertise.title} lead={about.expertise.lead} tone="muted">
        <FeatureGrid items={about.expertise.items} />
      </Section>
      <Section id="reasons" title={about.reasons.title}>
        <FeatureGrid items={about.reasons.items} />
      </Section>
      <CtaBand cta={about.cta} />
    </>
  );
}

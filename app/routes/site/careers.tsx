import type { Route } from "./+types/careers";
import { handleCareerPost } from "~/features/careers/career-action.server";
import { RESUME_MAX_BYTES } from "~/features/careers/careers.schema";
import { CareerForm } from "~/features/careers/components/career-form";
import { careers } from "~/features/site-content/content/careers";
import { PageHero } from "~/features/site-content/components/page-hero";
import { FeatureGrid, Section } from "~/features/site-content/components/sections";
import { sitePageMeta } from "~/features/site-content/seo";
import { enhancedPage } from "~/lib/hydration";
import { paths } from "~/lib/site";
import { uploadBodyLimit, type BodyLimitHandle } from "~/lib/body-limit";

export const action = ({ request, context }: Route.ActionArgs) => handleCareerPost(request, context);

// The application form carries a resume: its body streams to the action under this limit.
export const handle = {
  ...enhancedPage("site-forms"),
  uploadBodyLimit: uploadBodyLimit(RESUME_MAX_BYTES),
} satisfies BodyLimitHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    title: "Real Estate Lead Generation Jobs",
    description: careers.metaDescription,
    keywords: [
      "real estate lead generation jobs",
      "cold calling jobs",
      "market research analyst",
      "remote real estate jobs",
    ],
    path: paths.careers,
  });

export default function Careers() {
  return (
    <>
      <PageHero {...careers.hero} />
      <section aria-label="Team figures" className="border-b border-border">
        <dl className="container-page grid gap-4 py-10 sm:grid-cols-3">
          {careers.stats.map((stat) => (
            <div key={stat.label} className="rounded-2xl bg-muted/60 p-6 text-center">
              <dt className="sr-only">{stat.label}</dt>
              <dd className="text-4xl font-extrabold text-primary">{stat.value}</dd>
              <dd className="mt-1 text-muted-foreground">{stat.label}</dd>
            </div>
          ))}
        </dl>
      </section>
      <Section id="values" title="Our values">
        <FeatureGrid items={careers.values} />
      </Section>
      <Section id="benefits" title="Benefits" tone="muted">
        <FeatureGrid items={careers.benefits} />
      </Section>
      <Section id="apply" title={careers.formIntro.title} lead={careers.formIntro.lead}>
        <div className="mx-auto max-w-3xl rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
          <CareerForm />
        </div>
      </Section>
    </>
  );
}

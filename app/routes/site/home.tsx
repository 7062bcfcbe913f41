import { CircleCheck } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { Button } from "~/components/ui/button";
import { home } from "~/features/site-content/content/home";
import { serviceCards } from "~/features/site-content/content/services";
import { HeroDashboard } from "~/features/site-content/components/hero-dashboard";
import {
  CtaBand,
  FaqList,
  Section,
  ServiceCardGrid,
  StatGrid,
  StepList,
  TestimonialGrid,
} from "~/features/site-content/components/sections";
import { sitePageMeta } from "~/features/site-content/seo";
import { paths, site } from "~/lib/site";
import { faqPageJsonLd } from "~/lib/seo";
import { staticPage } from "~/lib/hydration";

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    title: "Real Estate Lead Generation for Investors",
    description: site.description,
    keywords: [
      "real estate lead generation",
      "motivated seller leads",
      "wholesale real estate leads",
      "fix and flip leads",
      "outsourced lead generation",
    ],
    path: paths.home,
    jsonLd: [faqPageJsonLd(home.faqs)],
  });

/** Complete as server HTML: no client JavaScript for anonymous visitors (lib/hydration.ts). */
export const handle = staticPage;

export default function Home() {
  return (
    <>
      <section className="overflow-hidden bg-gradient-to-br from-blue-950 via-blue-900 to-blue-800 text-white">
        <div className="container-page grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.2fr_1fr] lg:py-24">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-amber-300">
              {home.hero.eyebrow}
            </p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              {home.hero.title}
            </h1>
            <p className="mt-5 max-w-2xl text-lg leading-relaxed text-blue-100">{home.hero.lead}</p>
            <ul className="mt-6 grid gap-2 sm:grid-cols-2">
              {home.hero.promises.map((promise) => (
                <li key={promise} className="flex gap-2 text-sm text-blue-50">
                  <CircleCheck className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
                  {promise}
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild variant="accent" size="lg">
                <Link to={paths.contact}>Start Generating Leads</Link>
              </Button>
              <Button asChild variant="inverted" size="lg">
                <Link to={paths.services}>Explore Services</Link>
              </Button>
            </div>
          </div>
          <div className="hidden justify-center sm:flex lg:justify-end">
            <HeroDashboard />
          </div>
        </div>
      </section>

      <Section id="services" title={home.servicesIntro.title} lead={home.servicesIntro.lead}>
        <ServiceCardGrid cards={serviceCards} />
      </Section>

      <Section id="process" title={home.processIntro.title} lead={home.processIntro.lead} tone="muted">
        <StepList steps={home.process} />
      </Section>

      <section aria-labelledby="stats-heading" className="bg-blue-950 py-16 text-white sm:py-20">
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="stats-heading" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
              {home.statsIntro.title}
            </h2>
            <p className="mt-4 text-lg text-blue-100">{home.statsIntro.lead}</p>
          </div>
          <div className="mt-12">
            <StatGrid stats={home.stats} />
          </div>
        </div>
      </section>

      <Section id="testimonials" title={home.testimonialsIntro.title} lead={home.testimonialsIntro.lead}>
        <TestimonialGrid testimonials={home.testimonials} />
      </Section>

      <Section id="faq" title={home.faqIntro.title} lead={home.faqIntro.lead} tone="muted">
        <FaqList items={home.faqs} />
      </Section>

      <CtaBand cta={home.closingCta} />
    </>
  );
}

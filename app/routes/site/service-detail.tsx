import { CalendarClock } from "lucide-react";
import { useLocation } from "react-router";
import type { Route } from "./+types/service-detail";
import { serviceDetails } from "~/features/site-content/content/service-details";
import type { ServiceKey } from "~/features/site-content/content.types";
import { PageHero } from "~/features/site-content/components/page-hero";
import {
  Checklist,
  CtaBand,
  FeatureGrid,
  Section,
  StepList,
} from "~/features/site-content/components/sections";
import { serviceJsonLd } from "~/features/site-content/service-jsonld";
import { siteConfigFrom, sitePageMeta } from "~/features/site-content/seo";
import { servicePaths } from "~/lib/site";
import { staticPage } from "~/lib/hydration";

/** One module serves the four service paths (routes.ts); the path picks the content. */
function serviceFor(pathname: string) {
  const key =
    (Object.keys(servicePaths) as ServiceKey[]).find((k) => servicePaths[k] === pathname) ?? "wholesale";
  return { path: servicePaths[key], service: serviceDetails[key] };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { path, service } = serviceFor(location.pathname);
  return sitePageMeta(matches, {
    title: service.metaTitle,
    description: service.metaDescription,
    keywords: service.keywords,
    path,
    jsonLd: [serviceJsonLd(siteConfigFrom(matches).siteUrl, path, service)],
  });
};

/** Complete as server HTML: no client JavaScript for anonymous visitors (lib/hydration.ts). */
export const handle = staticPage;

export default function ServiceDetailPage() {
  const { service } = serviceFor(useLocation().pathname);
  return (
    <>
      <PageHero {...service.hero} contactButton="Book a Free Consultation" />

      <section aria-label="Key figures" className="border-b border-border">
        <dl className="container-page grid grid-cols-2 gap-4 py-10 lg:grid-cols-4">
          {service.metrics.map((metric) => (
            <div key={metric.label} className="rounded-2xl bg-muted/60 p-5 text-center">
              <dt className="sr-only">{metric.label}</dt>
              <dd className="text-3xl font-extrabold text-primary sm:text-4xl">{metric.value}</dd>
              <dd className="mt-1 text-sm text-muted-foreground">{metric.label}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Section id="features" title="What you get">
        <FeatureGrid items={service.features} />
      </Section>

      {service.campaigns && (
        <Section id="campaigns" title="Campaign types" tone="muted">
          <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
            {service.campaigns.map((campaign) => (
              <li key={campaign.name} className="rounded-2xl border border-border bg-card p-6 shadow-sm">
                <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900">
                  <CalendarClock className="size-3.5" aria-hidden="true" />
                  {campaign.timeline}
                </p>
                <h3 className="mt-4 text-lg font-bold">{campaign.name}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{campaign.description}</p>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {service.researchServices && (
        <Section id="research-services" title="Research services" tone="muted">
          <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
            {service.researchServices.map((item) => (
              <li
                key={item.name}
                className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-sm"
              >
                <h3 className="text-lg font-bold">{item.name}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{item.description}</p>
                <h4 className="mt-4 text-xs font-semibold uppercase tracking-wider text-slate-600">
                  Deliverables
                </h4>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                  {item.deliverables.map((deliverable) => (
                    <li key={deliverable}>{deliverable}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section
        id="how-it-works"
        title="How it works"
        tone={service.campaigns || service.researchServices ? "plain" : "muted"}
      >
        <StepList steps={service.process} />
      </Section>

      <Section id="checklist" title={service.checklistTitle} tone="muted">
        <div className="mx-auto max-w-4xl">
          <Checklist items={service.checklist} />
        </div>
      </Section>

      <CtaBand cta={service.cta} />
    </>
  );
}

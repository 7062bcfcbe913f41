/** Building blocks shared by the marketing pages. */
import { ArrowRight, CircleCheck, Quote, Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { Feature, FaqItem, ServiceCard, Stat, Step, Testimonial } from "../content.types";
import { paths, servicePaths } from "~/lib/site";
import { ContentIcon } from "./icons";

export function Section({
  id,
  title,
  lead,
  children,
  tone = "plain",
  className,
}: {
  id?: string;
  title: string;
  lead?: string;
  children: ReactNode;
  tone?: "plain" | "muted";
  className?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(tone === "muted" && "bg-muted/60", "py-16 sm:py-20", className)}
    >
      <div className="container-page">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id={headingId} className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          {lead && <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{lead}</p>}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

export function ServiceCardGrid({ cards }: { cards: readonly ServiceCard[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map((card) => (
        <li key={card.key} className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-sm">
          <ContentIcon name={card.icon} />
          <h3 className="mt-5 text-xl font-bold">{card.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{card.description}</p>
          <ul className="mt-4 space-y-2 text-sm">
            {card.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
          <p className="mt-5 rounded-lg bg-blue-50 px-3 py-2 text-sm font-semibold text-blue-900">
            {card.outcome}
          </p>
          <Link
            to={servicePaths[card.key]}
            className="mt-5 inline-flex items-center gap-1 py-1 text-sm font-semibold text-primary hover:underline"
          >
            Learn More<span className="sr-only"> about {card.title}</span>
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Feature cards: four in a row when there are four, else rows of three. */
export function FeatureGrid({ items }: { items: readonly Feature[] }) {
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2", items.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3")}>
      {items.map((item) => (
        <li key={item.title} className="rounded-2xl border border-border bg-card p-6 shadow-sm">
          <ContentIcon name={item.icon} />
          <h3 className="mt-4 text-lg font-bold">{item.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}

export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className={cn("grid gap-6 sm:grid-cols-2", steps.length === 4 ? "xl:grid-cols-4" : "lg:grid-cols-3")}>
      {steps.map((step, index) => (
        <li key={step.title} className="relative rounded-2xl border border-border bg-card p-6 shadow-sm">
          <span
            className="flex size-10 items-center justify-center rounded-full bg-primary text-base font-bold text-primary-foreground"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-bold">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}

export function StatGrid({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {stats.map((stat) => (
        <div key={stat.label} className="rounded-2xl bg-white/10 p-6 text-center ring-1 ring-white/15">
          <dt className="sr-only">{stat.label}</dt>
          <dd className="text-4xl font-extrabold tracking-tight text-white sm:text-5xl">{stat.number}</dd>
          <dd className="mt-2 text-base font-semibold text-amber-200">{stat.label}</dd>
          <dd className="mt-2 text-sm leading-relaxed text-blue-100">{stat.description}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TestimonialGrid({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
      {testimonials.map((t) => (
        <li key={t.name} className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-sm">
          <figure className="flex flex-1 flex-col">
            <div className="flex items-center justify-between">
              <Quote className="size-8 text-blue-200" aria-hidden="true" />
              <p className="flex gap-0.5" role="img" aria-label={`Rated ${t.rating} out of 5`}>
                {Array.from({ length: t.rating }, (_, i) => (
                  <Star key={i} className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
                ))}
              </p>
            </div>
            <blockquote className="mt-4 flex-1 text-sm leading-relaxed">&ldquo;{t.quote}&rdquo;</blockquote>
            <figcaption className="mt-5 border-t border-border pt-4">
              <span className="block font-bold">{t.name}</span>
              <span className="block text-sm text-muted-foreground">{t.company}</span>
              <span className="mt-2 inline-block rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-800">
                {t.deals} deals closed
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** FAQ as native disclosure widgets: keyboard and screen-reader friendly without JavaScript. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="mx-auto max-w-3xl divide-y divide-border rounded-2xl border border-border bg-card">
      {items.map((item) => (
        <details key={item.question} className="group p-6">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 text-lg font-semibold [&::-webkit-details-marker]:hidden">
            <h3>{item.question}</h3>
            <span
              className="text-2xl leading-none text-primary transition-transform group-open:rotate-45"
              aria-hidden="true"
            >
              +
            </span>
          </summary>
          <p className="mt-3 leading-relaxed text-muted-foreground">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}

export function Checklist({ items }: { items: readonly string[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex gap-3 rounded-xl bg-card p-4 shadow-sm ring-1 ring-border">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The closing call to action of a page: a blue band with one button to the contact page. */
/** The closing band of a marketing page: its call to action, a button to the contact page. */
export function CtaBand({ cta }: { cta: { heading: string; text: string; button: string } }) {
  return (
    <section className="bg-primary text-primary-foreground" aria-labelledby="cta-heading">
      <div className="container-page flex flex-col items-start gap-6 py-16 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-heading" className="text-3xl font-extrabold tracking-tight">
            {cta.heading}
          </h2>
          <p className="mt-3 text-lg text-blue-100">{cta.text}</p>
        </div>
        <Button asChild variant="inverted" size="lg">
          <Link to={paths.contact}>{cta.button}</Link>
        </Button>
      </div>
    </section>
  );
}

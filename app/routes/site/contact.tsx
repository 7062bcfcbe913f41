import { Mail } from "lucide-react";
import { Link, useLoaderData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/contact";
import { Button } from "~/components/ui/button";
import { handleContactPost } from "~/features/contact/contact-action.server";
import { ContactForm } from "~/features/contact/components/contact-form";
import { contact } from "~/features/site-content/content/contact";
import { PageHero } from "~/features/site-content/components/page-hero";
import { StepList } from "~/features/site-content/components/sections";
import { sitePageMeta } from "~/features/site-content/seo";
import { enhancedPage } from "~/lib/hydration";
import { paths } from "~/lib/site";
import type { loader as rootLoader } from "~/root";

/** The article call-to-action variants open the same page with the subject filled in (spec README). */
const prefilledSubjects: Record<string, string> = {
  [paths.contactFixFlip]: "Fix and flip lead generation",
  [paths.contactQualification]: "Lead qualification services",
};

export function loader({ request }: Route.LoaderArgs) {
  return { subject: prefilledSubjects[new URL(request.url).pathname] ?? "" };
}

export const handle = enhancedPage("site-forms");

export const action = ({ request, context }: Route.ActionArgs) => handleContactPost(request, context);

export const meta: Route.MetaFunction = ({ matches, location }) =>
  sitePageMeta(matches, {
    title: "Contact Us: Real Estate Lead Generation Services",
    description: contact.metaDescription,
    keywords: ["contact real estate lead generation", "free consultation", "motivated seller leads quote"],
    path: paths.contact,
    // The prefilled variants share the contact page's canonical URL and are not indexed on their own.
    noindex: location.pathname !== paths.contact,
  });

export default function Contact() {
  const { subject } = useLoaderData<typeof loader>();
  const contactEmail = useRouteLoaderData<typeof rootLoader>("root")?.contactEmail ?? "";
  return (
    <>
      <PageHero {...contact.hero} />
      <section className="py-16 sm:py-20">
        <div className="container-page grid gap-10 lg:grid-cols-[1.5fr_1fr]">
          <section aria-labelledby="form-heading">
            <h2 id="form-heading" className="text-2xl font-extrabold tracking-tight">
              {contact.formIntro.title}
            </h2>
            <p className="mt-2 text-muted-foreground">{contact.formIntro.lead}</p>
            <div className="mt-6 rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
              <ContactForm defaultSubject={subject} />
            </div>
          </section>
          <aside className="space-y-6">
            <div className="rounded-2xl border border-border bg-card p-6 shadow-sm">
              <h2 className="text-lg font-bold">{contact.contactCard.title}</h2>
              <p className="mt-2 text-sm text-muted-foreground">{contact.contactCard.text}</p>
              <a
                href={`mailto:${contactEmail}`}
                className="mt-4 inline-flex items-center gap-2 py-1 font-semibold text-primary hover:underline"
              >
                <Mail className="size-5" aria-hidden="true" />
                {contactEmail}
              </a>
              <p className="mt-4 text-sm text-muted-foreground">{contact.contactCard.responseNote}</p>
            </div>
            <div className="rounded-2xl bg-primary p-6 text-primary-foreground">
              <h2 className="text-lg font-bold">{contact.cta.heading}</h2>
              <p className="mt-2 text-sm text-blue-100">{contact.cta.text}</p>
              <Button asChild variant="inverted" className="mt-4">
                <Link to={paths.contact + "#form-heading"}>{contact.cta.button}</Link>
              </Button>
            </div>
          </aside>
        </div>
      </section>
      <section aria-labelledby="next-heading" className="bg-muted/60 py-16">
        <div className="container-page">
          <h2 id="next-heading" className="text-center text-3xl font-extrabold tracking-tight">
            What happens next
          </h2>
          <div className="mt-10">
            <StepList steps={contact.nextSteps} />
          </div>
        </div>
      </section>
    </>
  );
}

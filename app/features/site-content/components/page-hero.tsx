import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { paths } from "~/lib/site";

/**
 * The band at the top of every marketing page: an eyebrow, the page's h1, a lead paragraph and, where the
 * page has one, a button to the contact page labelled `contactButton`.
 */
export function PageHero({
  eyebrow,
  title,
  lead,
  contactButton,
}: {
  eyebrow?: string;
  title: string;
  lead: string;
  contactButton?: string;
}) {
  return (
    <section className="bg-gradient-to-b from-blue-950 to-blue-900 text-white">
      <div className="container-page py-16 sm:py-20">
        {eyebrow && (
          <p className="text-sm font-semibold uppercase tracking-wider text-amber-300">{eyebrow}</p>
        )}
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-blue-100">{lead}</p>
        {contactButton && (
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild variant="accent" size="lg">
              <Link to={paths.contact}>{contactButton}</Link>
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}

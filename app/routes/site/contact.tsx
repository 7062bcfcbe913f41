import { useLoaderData } from "react-router";
import type { Route } from "./+types/contact";
import { PageHero } from "~/features/site-content/components/page-hero";
import { sitePageMeta } from "~/features/site-content/seo";
import { paths } from "~/features/site-content/site";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  sitePageMeta(matches, {
    title: "Contact Us: Real Estate Lead Generation Services",
    description: "Book a free consultation or send us a message. We reply within 24 hours.",
    path: paths.contact,
    // The prefilled variants share the contact page's canonical URL and are not indexed on their own.
    noindex: location.pathname !== paths.contact,
  });

export function loader({ request }: Route.LoaderArgs) {
  return { pathname: new URL(request.url).pathname };
}

export default function Contact() {
  useLoaderData<typeof loader>();
  return (
    <PageHero
      eyebrow="Contact"
      title="Let's talk about your deal flow"
      lead="Tell us about your market and goals. We reply within 24 hours."
    />
  );
}

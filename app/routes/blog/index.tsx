import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/index";
import { Button } from "~/components/ui/button";
import { listArticles } from "~/features/blog/articles.server";
import { ArticleCard, ArticleMeta, CategoryBadge } from "~/features/blog/components/article-card";
import { blogPath } from "~/features/blog/catalogue";
import { PageHero } from "~/features/site-content/components/page-hero";
import { sitePageMeta } from "~/features/site-content/seo";
import { paths } from "~/lib/site";
import { staticPage } from "~/lib/hydration";

export function loader() {
  return { articles: listArticles() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  sitePageMeta(matches, {
    title: "Real Estate Lead Generation Insights",
    description:
      "Practical guides for wholesalers and fix-and-flip investors: lead sources, qualification, cold calling, direct mail, probate and foreclosure leads, metrics and scaling.",
    keywords: [
      "real estate investor blog",
      "lead generation tips",
      "motivated seller leads",
      "wholesaling guide",
    ],
    path: paths.blog,
  });

/** Complete as server HTML: no client JavaScript for anonymous visitors (lib/hydration.ts). */
export const handle = staticPage;

export default function BlogIndex() {
  const { articles } = useLoaderData<typeof loader>();
  const [featured, ...latest] = articles;
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="Real Estate Lead Generation Insights"
        lead="Field-tested playbooks for finding, qualifying and closing motivated sellers, written by the people who run our campaigns."
      />
      {featured && (
        <section aria-labelledby="featured-heading" className="container-page py-12">
          <h2 id="featured-heading" className="sr-only">
            Featured article
          </h2>
          <article className="relative grid gap-6 rounded-2xl border border-border bg-muted/40 p-6 sm:p-10 lg:grid-cols-[2fr_1fr] lg:items-center">
            <div>
              <div className="flex items-center gap-2">
                <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
                  Featured
                </span>
                <CategoryBadge category={featured.category} />
              </div>
              <h3 className="mt-4 text-2xl font-extrabold tracking-tight sm:text-3xl">
                <Link
                  to={blogPath(featured.slug)}
                  className="after:absolute after:inset-0 hover:text-primary"
                >
                  {featured.title}
                </Link>
              </h3>
              <p className="mt-3 text-muted-foreground">{featured.excerpt}</p>
              <div className="mt-4">
                <ArticleMeta article={featured} />
              </div>
            </div>
            <p className="text-sm font-semibold text-primary lg:text-right">Read the guide &rarr;</p>
          </article>
        </section>
      )}
      <section aria-labelledby="latest-heading" className="container-page pb-16">
        <h2 id="latest-heading" className="text-2xl font-bold tracking-tight">
          Latest Articles
        </h2>
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {latest.map((article) => (
            <ArticleCard key={article.slug} article={article} />
          ))}
        </div>
      </section>
      <section className="bg-primary text-primary-foreground">
        <div className="container-page flex flex-col items-start gap-6 py-14 lg:flex-row lg:items-center lg:justify-between">
          <div>
            <h2 className="text-2xl font-bold">Rather have the leads than read about them?</h2>
            <p className="mt-2 text-blue-100">
              We deliver qualified motivated-seller leads from day 7, and the first 50 within 30 days.
            </p>
          </div>
          <Button asChild variant="inverted" size="lg">
            <Link to={paths.contact}>Book a Free Consultation</Link>
          </Button>
        </div>
      </section>
    </>
  );
}

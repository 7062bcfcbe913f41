import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/article";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { getArticle, relatedArticles } from "~/features/blog/articles.server";
import { ArticleCard, ArticleMeta, CategoryBadge } from "~/features/blog/components/article-card";
import { blogPath } from "~/features/blog/catalogue";
import { sitePageMeta, siteConfigFrom } from "~/features/site-content/seo";
import { paths, site } from "~/lib/site";
import { canonicalPath } from "~/public-routes";
import { staticPage } from "~/lib/hydration";

export function loader({ params }: Route.LoaderArgs) {
  const article = getArticle(params.slug);
  if (!article) throw data(null, { status: 404 });
  return { article, related: relatedArticles(article) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { article } = loaderData;
  const { siteUrl } = siteConfigFrom(matches);
  const url = `${siteUrl}${blogPath(article.slug)}`;
  return sitePageMeta(matches, {
    title: article.title,
    description: article.excerpt,
    keywords: article.keywords,
    path: blogPath(article.slug),
    ogType: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        description: article.excerpt,
        image: `${siteUrl}/social-card.png`,
        datePublished: article.date,
        dateModified: article.date,
        author: { "@type": "Person", name: article.author, jobTitle: article.authorRole },
        publisher: {
          "@type": "Organization",
          name: site.name,
          logo: { "@type": "ImageObject", url: `${siteUrl}/logo.png` },
        },
        mainEntityOfPage: { "@type": "WebPage", "@id": url },
        articleSection: article.category,
        keywords: article.keywords.join(", "),
        wordCount: article.wordCount,
      },
    ],
  });
};

/** Complete as server HTML: no client JavaScript for anonymous visitors (lib/hydration.ts). */
export const handle = staticPage;

export default function ArticlePage() {
  const { article, related } = useLoaderData<typeof loader>();
  return (
    <>
      <article className="container-page max-w-3xl py-10 sm:py-14">
        <BackLink to={paths.blog}>Back to all articles</BackLink>
        <header className="mt-6">
          <CategoryBadge category={article.category} />
          <h1 className="mt-4 text-3xl font-extrabold leading-tight tracking-tight text-balance sm:text-4xl">
            {article.title}
          </h1>
          <div className="mt-4">
            <ArticleMeta article={article} />
            <p className="mt-1 text-sm text-muted-foreground">{article.authorRole}</p>
          </div>
          <p className="mt-6 text-lg leading-relaxed text-slate-700">{article.intro}</p>
        </header>
        {/* Rendered at build time from our own Markdown, with raw HTML escaped (features/blog/markdown.ts). */}
        <div className="prose-article mt-8" dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />
        <aside
          className="mt-12 rounded-2xl bg-primary p-8 text-primary-foreground"
          aria-labelledby="article-cta"
        >
          <h2 id="article-cta" className="text-2xl font-bold">
            {article.cta.heading}
          </h2>
          <p className="mt-2 text-blue-100">{article.cta.text}</p>
          <Button asChild variant="inverted" size="lg" className="mt-6">
            <Link to={canonicalPath(article.cta.href)}>{article.cta.label}</Link>
          </Button>
        </aside>
      </article>
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="border-t border-border bg-muted/40">
          <div className="container-page py-12">
            <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
              Related articles
            </h2>
            <div className="mt-6 grid gap-6 md:grid-cols-3">
              {related.map((item) => (
                <ArticleCard key={item.slug} article={item} />
              ))}
            </div>
          </div>
        </section>
      )}
    </>
  );
}

import { Calendar, Clock } from "lucide-react";
import { Link } from "react-router";
import type { ArticleSummary } from "../blog.schema";
import { blogPath } from "../catalogue";
import { formatArticleDate, readTimeLabel } from "../format";

export function CategoryBadge({ category }: { category: string }) {
  return (
    <span className="inline-block rounded-full bg-blue-50 px-3 py-1 text-xs font-semibold text-blue-800">
      {category}
    </span>
  );
}

export function ArticleMeta({ article }: { article: Pick<ArticleSummary, "author" | "date" | "readTime"> }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <span>{article.author}</span>
      <span className="inline-flex items-center gap-1">
        <Calendar className="size-4" aria-hidden="true" />
        <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
      </span>
      <span className="inline-flex items-center gap-1">
        <Clock className="size-4" aria-hidden="true" />
        {readTimeLabel(article.readTime)}
      </span>
    </p>
  );
}

export function ArticleCard({
  article,
  headingLevel = 3,
}: {
  article: ArticleSummary;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col rounded-xl border border-border bg-card p-6 shadow-sm transition-shadow hover:shadow-md">
      <CategoryBadge category={article.category} />
      <Heading className="mt-4 text-lg font-bold leading-snug">
        <Link to={blogPath(article.slug)} className="after:absolute after:inset-0 group-hover:text-primary">
          {article.title}
        </Link>
      </Heading>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{article.excerpt}</p>
      <div className="mt-4">
        <ArticleMeta article={article} />
      </div>
    </article>
  );
}

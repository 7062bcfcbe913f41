/** Read access to the articles rendered at build time. */
import articles from "virtual:blog-articles";
import type { Article, ArticleSummary } from "./blog.schema";
import type { BlogCategory } from "./catalogue";

const toSummary = ({ bodyHtml: _b, intro: _i, keywords: _k, cta: _c, ...summary }: Article): ArticleSummary =>
  summary;

/** Newest first, which is catalogue order. */
const byDateDesc = [...articles].sort((a, b) => b.date.localeCompare(a.date) || a.id - b.id);

export function listArticles(): ArticleSummary[] {
  return byDateDesc.map(toSummary);
}

export function getArticle(slug: string): Article | undefined {
  return articles.find((article) => article.slug === slug);
}

/** Categories that serve the same reader need, for "nearby" related articles. */
const topicGroups: BlogCategory[][] = [
  ["Wholesale Real Estate", "Fix & Flip", "Foreclosure", "Probate", "Market Analysis"],
  ["Digital Marketing", "Social Media", "Direct Mail", "Cold Calling", "Networking"],
  ["Lead Generation", "Psychology", "Technology", "Analytics", "Business Growth"],
];

const groupOf = (category: BlogCategory) => topicGroups.findIndex((group) => group.includes(category));

/** Up to `count` articles from the same category, then the same topic group, then the nearest in date. */
export function relatedArticles(article: Article, count = 3): ArticleSummary[] {
  const score = (other: Article) =>
    (other.category === article.category ? 100 : 0) +
    (groupOf(other.category) === groupOf(article.category) ? 50 : 0) -
    Math.abs(other.id - article.id);
  return articles
    .filter((other) => other.slug !== article.slug)
    .sort((a, b) => score(b) - score(a))
    .slice(0, count)
    .map(toSummary);
}

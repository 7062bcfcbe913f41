import { listArticles } from "~/features/blog/articles.server";
import { blogPath } from "~/features/blog/catalogue";
import { paths, site } from "~/lib/site";
import { env } from "~/lib/env.server";

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

/** RSS 2.0 feed of all articles, newest first. */
export function loader() {
  const siteUrl = env().SITE_URL;
  const articles = listArticles();
  const items = articles.map((article) => {
    const url = `${siteUrl}${blogPath(article.slug)}`;
    return [
      "    <item>",
      `      <title>${escapeXml(article.title)}</title>`,
      `      <link>${url}</link>`,
      `      <guid isPermaLink="true">${url}</guid>`,
      `      <description>${escapeXml(article.excerpt)}</description>`,
      `      <category>${escapeXml(article.category)}</category>`,
      `      <dc:creator>${escapeXml(article.author)}</dc:creator>`,
      `      <pubDate>${new Date(`${article.date}T12:00:00Z`).toUTCString()}</pubDate>`,
      "    </item>",
    ].join("\n");
  });
  const newest = articles[0]?.date ?? "2024-01-01";
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(`${site.name} | Real Estate Lead Generation Insights`)}</title>
    <link>${siteUrl}${paths.blog}</link>
    <atom:link href="${siteUrl}/blog/rss.xml" rel="self" type="application/rss+xml"/>
    <description>${escapeXml("Practical guides for US wholesalers and fix-and-flip investors on finding, qualifying and closing motivated sellers.")}</description>
    <language>en-us</language>
    <lastBuildDate>${new Date(`${newest}T12:00:00Z`).toUTCString()}</lastBuildDate>
${items.join("\n")}
  </channel>
</rss>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

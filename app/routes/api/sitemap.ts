import { listArticles } from "~/features/blog/articles.server";
import { blogPath } from "~/features/blog/catalogue";
import { env } from "~/lib/env.server";
import { publicPages } from "~/public-routes";

/** sitemap.xml from the public route table; articles carry their publication date. */
export function loader() {
  const siteUrl = env().SITE_URL;
  const articleDates = new Map(listArticles().map((a) => [blogPath(a.slug), a.date]));
  const urls = publicPages
    .filter((page) => page.inSitemap)
    .map((page) => {
      const lastmod = articleDates.get(page.path);
      return [
        "  <url>",
        `    <loc>${siteUrl}${page.path}</loc>`,
        lastmod ? `    <lastmod>${lastmod}</lastmod>` : "",
        `    <changefreq>${page.changefreq}</changefreq>`,
        `    <priority>${page.priority.toFixed(1)}</priority>`,
        "  </url>",
      ]
        .filter(Boolean)
        .join("\n");
    });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/**
 * The public URL space in one place: the pages rendered once at server start and listed in the sitemap,
 * and the exact-path 301 redirects. The React Router route table (routes.ts) maps these paths to modules;
 * a test checks that the two agree.
 */
import { blogCatalogue, blogNumberRedirects, blogPath } from "~/features/blog/catalogue";
import { paths, shortPathRedirects } from "~/lib/site";

export interface PublicPage {
  path: string;
  /** Listed in sitemap.xml (variants that canonicalise elsewhere are not). */
  inSitemap: boolean;
  priority: number;
  changefreq: "weekly" | "monthly";
}

const page = (
  path: string,
  priority: number,
  changefreq: PublicPage["changefreq"] = "monthly",
): PublicPage => ({
  path,
  inSitemap: true,
  priority,
  changefreq,
});

export const publicPages: PublicPage[] = [
  page(paths.home, 1.0, "weekly"),
  page(paths.services, 0.9),
  page(paths.wholesale, 0.9),
  page(paths.fixFlip, 0.9),
  page(paths.nurturing, 0.8),
  page(paths.research, 0.8),
  page(paths.about, 0.7),
  page(paths.careers, 0.6),
  page(paths.contact, 0.8),
  { ...page(paths.contactFixFlip, 0.1), inSitemap: false },
  { ...page(paths.contactQualification, 0.1), inSitemap: false },
  page(paths.blog, 0.8, "weekly"),
  ...blogCatalogue.map((entry) => page(blogPath(entry.slug), 0.7)),
];

/** Resource routes that are as static as the pages. */
export const staticResources = ["/sitemap.xml", "/robots.txt", "/sw.js", "/blog/rss.xml"];

/** Every path rendered once at start and served from memory to anonymous visitors. */
export const prerenderPaths = [...publicPages.map((p) => p.path), ...staticResources];

/** Exact-path 301 redirects (spec 01 §2, and /blog/1 to /blog/15). */
export const redirects: Record<string, string> = { ...shortPathRedirects, ...blogNumberRedirects };

/** The canonical form of an internal link: short paths are resolved so links never hop through a 301. */
export function canonicalPath(path: string): string {
  return redirects[path] ?? path;
}

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
  /**
   * The most JavaScript an anonymous visitor's browser may download for the page, in KB of gzip (level
   * 9): 0 for pages complete as HTML (ADR 008), the forms' page script for the form pages (ADR 055).
   * tests/e2e/script-budget.test.ts holds every page to it; bench/js-size.ts reports against it.
   */
  scriptBudgetKb: number;
}

/** What a form page may ship: its page script (today ~30 KB, zod most of it). */
const FORM_PAGE_SCRIPT_BUDGET_KB = 60;

const page = (
  path: string,
  priority: number,
  changefreq: PublicPage["changefreq"] = "monthly",
): PublicPage => ({
  path,
  inSitemap: true,
  priority,
  changefreq,
  scriptBudgetKb: 0,
});

/** A page with a public form: it ships the forms' page script. */
const formPage = (path: string, priority: number): PublicPage => ({
  ...page(path, priority),
  scriptBudgetKb: FORM_PAGE_SCRIPT_BUDGET_KB,
});

export const publicPages: PublicPage[] = [
  page(paths.home, 1.0, "weekly"),
  page(paths.services, 0.9),
  page(paths.wholesale, 0.9),
  page(paths.fixFlip, 0.9),
  page(paths.nurturing, 0.8),
  page(paths.research, 0.8),
  page(paths.about, 0.7),
  formPage(paths.careers, 0.6),
  formPage(paths.contact, 0.8),
  { ...formPage(paths.contactFixFlip, 0.1), inSitemap: false },
  { ...formPage(paths.contactQualification, 0.1), inSitemap: false },
  page(paths.blog, 0.8, "weekly"),
  ...blogCatalogue.map((entry) => page(blogPath(entry.slug), 0.7)),
];

/**
 * The account pages a signed-out visitor opens (not prerendered, not in the sitemap): their forms run the
 * account page script (ADR 055), held to the same budget as the public forms.
 */
export const accountPageScriptBudgets: Pick<PublicPage, "path" | "scriptBudgetKb">[] = [
  "/auth",
  "/auth?tab=signup",
  "/auth/forgot-password",
  "/auth/reset-password?token=x",
].map((path) => ({ path, scriptBudgetKb: FORM_PAGE_SCRIPT_BUDGET_KB }));

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

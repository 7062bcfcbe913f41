/** The front matter of an article in content/blog/<slug>.md, checked at build time. */
import { z } from "zod";
import { blogCategories } from "./catalogue.ts";

export const articleFrontMatterSchema = z.strictObject({
  id: z.number().int().min(1).max(15),
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be kebab-case"),
  title: z.string().min(20).max(90),
  excerpt: z.string().min(80).max(220),
  author: z.string().min(3),
  authorRole: z.string().min(3),
  date: z.iso.date(),
  category: z.enum(blogCategories),
  readTime: z.number().int().min(1).max(30),
  featured: z.boolean(),
  keywords: z.array(z.string().min(2)).min(3).max(10),
  intro: z.string().min(80),
  cta: z.strictObject({
    heading: z.string().min(5),
    text: z.string().min(20),
    label: z.string().min(3).max(40),
    href: z.string().regex(/^\/[a-z0-9/-]*$/, "must be a site path"),
  }),
});

export type ArticleFrontMatter = z.infer<typeof articleFrontMatterSchema>;

/** An article as the site uses it: front matter plus the body rendered to HTML at build time. */
export interface Article extends ArticleFrontMatter {
  bodyHtml: string;
  wordCount: number;
}

/** What lists (index, related, RSS) need: no body. */
export type ArticleSummary = Omit<Article, "bodyHtml" | "intro" | "keywords" | "cta">;

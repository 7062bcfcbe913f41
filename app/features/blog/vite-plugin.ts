/**
 * Build-time blog: `virtual:blog-articles` exports every article of content/blog, validated and rendered.
 * A broken file fails the build (and the dev server) with its name.
 */
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import type { Article } from "./blog.schema.ts";
import { blogCatalogue } from "./catalogue.ts";
import { parseArticle } from "./markdown.ts";

const VIRTUAL_ID = "virtual:blog-articles";
const RESOLVED_ID = "\0" + VIRTUAL_ID;

export function loadArticles(contentDir: string): Article[] {
  const files = fs.readdirSync(contentDir).filter((f) => f.endsWith(".md") && f !== "README.md");
  const articles = files.map((file) => {
    try {
      return parseArticle(fs.readFileSync(path.join(contentDir, file), "utf8"), file.replace(/\.md$/, ""));
    } catch (error) {
      throw new Error(`content/blog/${file}: ${(error as Error).message}`);
    }
  });
  for (const entry of blogCatalogue) {
    const article = articles.find((a) => a.slug === entry.slug);
    if (!article)
      throw new Error(`content/blog/${entry.slug}.md: missing (article ${entry.id} of the catalogue)`);
    if (
      article.id !== entry.id ||
      article.category !== entry.category ||
      article.readTime !== entry.readTime
    ) {
      throw new Error(`content/blog/${entry.slug}.md: id, category or readTime differ from the catalogue`);
    }
  }
  if (articles.length !== blogCatalogue.length) {
    throw new Error(`content/blog: ${articles.length} articles, the catalogue has ${blogCatalogue.length}`);
  }
  return articles.sort((a, b) => a.id - b.id);
}

export function blogArticles(): Plugin {
  let contentDir = "";
  return {
    name: "leadworks-blog-articles",
    configResolved(config) {
      contentDir = path.join(config.root, "content", "blog");
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      for (const file of fs.readdirSync(contentDir)) this.addWatchFile(path.join(contentDir, file));
      try {
        return `export default ${JSON.stringify(loadArticles(contentDir))};`;
      } catch (error) {
        this.error((error as Error).message);
      }
    },
  };
}

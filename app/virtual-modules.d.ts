declare module "virtual:blog-articles" {
  import type { Article } from "~/features/blog/blog.schema";
  const articles: Article[];
  export default articles;
}

declare module "virtual:enhance-scripts" {
  /** Each page script of app/enhance/ by name: the URL of its one file (app/enhance/vite-plugin.ts). */
  const scripts: Record<string, string>;
  export default scripts;
}

declare module "virtual:blog-articles" {
  import type { Article } from "~/features/blog/blog.schema";
  const articles: Article[];
  export default articles;
}

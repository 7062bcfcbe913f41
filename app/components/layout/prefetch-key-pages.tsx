import { PrefetchPageLinks } from "react-router";
import { paths } from "~/features/site-content/site";

/** The pages most visitors go to next are fetched ahead (spec 01 §2, start-up behaviour). */
const keyPages = [paths.wholesale, paths.fixFlip, paths.contact, paths.blog];

export function PrefetchKeyPages() {
  return keyPages.map((page) => <PrefetchPageLinks key={page} page={page} />);
}

import { useEffect, useState } from "react";
import { PrefetchPageLinks } from "react-router";
import { paths } from "~/lib/site";

/** The pages most visitors go to next (spec 01 §2, start-up behaviour). */
export const keyPages = [paths.wholesale, paths.fixFlip, paths.contact, paths.blog];

/**
 * Prefetches the key pages once the browser is idle after load, so the prefetch never competes with the
 * page itself and the server HTML carries no prefetch links.
 */
export function PrefetchKeyPages() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(start, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(start, 2000);
    return () => clearTimeout(timer);
  }, []);
  if (!ready) return null;
  return keyPages.map((page) => <PrefetchPageLinks key={page} page={page} />);
}

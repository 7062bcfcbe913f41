import { keyPages } from "./prefetch-key-pages";

/**
 * What a page without client JavaScript still does on load (spec 01 §2): register the offline worker
 * (failure is only logged) and prefetch the key pages. The script is allowed by its CSP hash (memory
 * pages) or nonce (rendered pages).
 */
const registerWorker =
  'if("serviceWorker"in navigator)addEventListener("load",function(){navigator.serviceWorker.register("/sw.js").catch(function(e){console.log("Offline worker registration failed:",e)})});';

export function StaticPageExtras({ nonce }: { nonce?: string }) {
  return (
    <>
      {keyPages.map((page) => (
        <link key={page} rel="prefetch" href={page} />
      ))}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: registerWorker }} />
    </>
  );
}

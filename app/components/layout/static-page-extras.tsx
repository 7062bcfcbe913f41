import enhanceScripts from "virtual:enhance-scripts";
import { keyPages } from "./prefetch-key-pages";

/**
 * What a page without React still does on load (ADR 008): register the offline worker (failure is only
 * logged), prefetch the key pages, and run the page's own script when it names one (ADR 055). The script is allowed by its CSP hash (memory
 * pages) or nonce (rendered pages).
 */
const registerWorker =
  'if("serviceWorker"in navigator)addEventListener("load",function(){navigator.serviceWorker.register("/sw.js").catch(function(e){console.log("Offline worker registration failed:",e)})});';

export function StaticPageExtras({ nonce, script }: { nonce?: string; script?: string }) {
  const src = script ? enhanceScripts[script] : undefined;
  if (script && !src) throw new Error(`No page script app/enhance/${script}.ts`);
  return (
    <>
      {/* A module script runs after the page is parsed, and a form posts without it until then. */}
      {src && <script type="module" src={src} nonce={nonce} />}
      {keyPages.map((page) => (
        <link key={page} rel="prefetch" href={page} />
      ))}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: registerWorker }} />
    </>
  );
}

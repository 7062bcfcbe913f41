import { renderOfflinePage } from "~/lib/portal-worker.server";
import { contentSecurityPolicy, inlineScriptHashes } from "~/lib/security-headers";

/**
 * /client/offline: the page the portal's worker keeps and shows when the network is down. The same for
 * everyone (no sign-in, nothing personal). Its CSP allows its one inline script by hash, so the copy in
 * the worker's cache keeps working without a per-request nonce.
 */
export async function loader() {
  const html = renderOfflinePage();
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
      "Content-Security-Policy": contentSecurityPolicy({ scriptHashes: await inlineScriptHashes(html) }),
    },
  });
}

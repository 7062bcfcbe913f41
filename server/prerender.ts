/**
 * Pages rendered once at start through the same React Router handler as every request, then kept in
 * memory, compressed, with a CSP that allows exactly their inline scripts by hash. Rendering at start
 * (not at build) lets the pages carry the runtime configuration: SITE_URL, CONTACT_EMAIL.
 *
 * Prerendered pages are what anonymous visitors get, and every one of them works without JavaScript and
 * without React: marketing pages ship no script (ADR 008), the contact and career forms post normally and
 * load one small page script (ADR 055).
 */
import { contentSecurityPolicy, inlineScriptHashes, type CspOptions } from "~/lib/security-headers";
import { compressVariants, etagOf, type MemoryFile } from "./static-files";

export interface PrerenderedPage extends MemoryFile {
  status: number;
  csp?: string;
}

export type RenderFn = (request: Request) => Promise<Response>;

export async function prerenderPages(
  paths: readonly string[],
  render: RenderFn,
  origin: string,
  csp: Omit<CspOptions, "nonce" | "scriptHashes">,
): Promise<Map<string, PrerenderedPage>> {
  const pages = new Map<string, PrerenderedPage>();
  // A few at a time: fast on two cores without starving the event loop during start.
  const queue = [...paths];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const response = await render(
        new Request(origin + path, { headers: { "User-Agent": "Leadworks-Prerender" } }),
      );
      if (response.status !== 200) {
        throw new Error(
          `Prerendering ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
        );
      }
      const type = response.headers.get("Content-Type") ?? "text/html; charset=utf-8";
      const text = await response.text();
      const body = Buffer.from(text, "utf8");
      const isHtml = type.startsWith("text/html");
      pages.set(path, {
        status: response.status,
        type,
        body,
        ...compressVariants(body),
        etag: etagOf(body),
        cacheControl: response.headers.get("Cache-Control") ?? "public, max-age=0, must-revalidate",
        csp: isHtml
          ? contentSecurityPolicy({ ...csp, scriptHashes: await inlineScriptHashes(text) })
          : undefined,
      });
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return pages;
}

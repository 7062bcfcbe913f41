/**
 * Security headers for every response, and the Content-Security-Policy of rendered pages: scripts only
 * from our origin plus a per-request nonce (rendered pages) or the hashes of their inline scripts
 * (pages rendered once at start).
 */
export function baseSecurityHeaders(options: { https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  if (options.https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

export interface CspOptions {
  nonce?: string;
  scriptHashes?: readonly string[];
  /** Extra origins for an analytics tag, only when one is configured. */
  analyticsOrigins?: readonly string[];
  /** `npm run dev`: Vite's hot reload talks over a WebSocket to the same host. */
  development?: boolean;
}

export function contentSecurityPolicy(options: CspOptions): string {
  const scriptSources = ["'self'"];
  if (options.nonce) scriptSources.push(`'nonce-${options.nonce}'`);
  for (const hash of options.scriptHashes ?? []) scriptSources.push(`'${hash}'`);
  const analytics = options.analyticsOrigins ?? [];
  scriptSources.push(...analytics);
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(" ")}`,
    // Inline style attributes and the toast library's injected styles; no script can run from a style.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...(options.development ? ["ws:"] : []), ...analytics].join(" ")}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
  ].join("; ");
}

/** sha256 hashes (CSP source form, without quotes) of the executable inline scripts of an HTML page. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const { createHash } = await import("node:crypto");
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/.test(attributes)) continue;
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1];
    if (type && type !== "module" && type !== "text/javascript") continue; // JSON-LD and other data blocks
    hashes.push(
      `sha256-${createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}`,
    );
  }
  return [...new Set(hashes)];
}

/** A same-site path to return to, or `fallback` for anything else (absolute URLs, //host, back to /auth). */
export function safeRedirectPath(
  value: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return fallback;
  try {
    const base = "http://leadworks.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    if (url.pathname === "/auth" || url.pathname.startsWith("/auth/")) return fallback;
    const path = url.pathname + url.search + url.hash;
    // Checked after the URL parser resolved dot segments: "/..//evil.test" becomes "//evil.test", which a
    // browser reads as another host.
    return path.startsWith("//") || path.startsWith("/\\") ? fallback : path;
  } catch {
    return fallback;
  }
}

import type { Crumb } from "./seo";

const titleCase = (segment: string) =>
  segment
    .split("-")
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");

/**
 * Crumbs from the path's segments: Home first, then one per segment with a friendly label. Intermediate
 * segments link through `resolve`, so "/services" lands on its canonical page without a redirect hop.
 */
export function crumbsForPath(
  pathname: string,
  labels: Record<string, string>,
  resolve: (path: string) => string = (p) => p,
): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  const crumbs: Crumb[] = [{ label: "Home", path: "/" }];
  segments.forEach((segment, index) => {
    const path = "/" + segments.slice(0, index + 1).join("/");
    crumbs.push({ label: labels[segment] ?? titleCase(decodeURIComponent(segment)), path: resolve(path) });
  });
  return crumbs;
}

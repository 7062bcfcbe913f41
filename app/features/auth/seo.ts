import type { MetaDescriptor } from "react-router";

/** Account and admin pages: a title, and never indexed. */
export function privatePageMeta(title: string, description?: string): MetaDescriptor[] {
  return [
    { title: `${title} | Leadworks` },
    ...(description ? [{ name: "description", content: description }] : []),
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** Pages with personal data or one-time tokens are never stored by browsers or proxies. */
export const noStoreHeaders = { "Cache-Control": "private, no-store" } as const;

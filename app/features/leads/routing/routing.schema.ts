/** The routing page's form (issue 24 §4): the lead sources whose new leads route themselves. */
import { z } from "~/lib/zod";
import { SOURCE_KEY } from "../sources/sources";

/** Keys of the key's shape; the server switches only the agency's open sources among them. */
export const routingSourcesSchema = z.object({
  source: z.array(z.string().regex(SOURCE_KEY)).max(500).default([]),
});

export const routingToasts = {
  saved: { kind: "success", title: "Saved", text: "Routing settings saved" },
} as const;

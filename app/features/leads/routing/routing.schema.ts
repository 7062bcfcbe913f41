/** The routing page's form (issue 24 §4): the lead sources whose new leads route themselves. */
import { leadSources, valuesOf } from "~/db/enums";
import { z } from "~/lib/zod";

export const routingSourcesSchema = z.object({
  source: z.array(z.enum(valuesOf(leadSources))).default([]),
});

export const routingToasts = {
  saved: { kind: "success", title: "Saved", text: "Routing settings saved" },
} as const;

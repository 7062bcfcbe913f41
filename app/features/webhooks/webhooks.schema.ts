/**
 * The webhook settings form (issue 14): one HTTPS URL per client. Shared by browser and server; the server
 * also refuses a URL whose host is a private or loopback address (webhooks.server.ts), and the worker
 * checks every resolved address again before it connects.
 */
import { z } from "~/lib/zod";

export const WEBHOOK_URL_MAX = 2000;

export const webhookMessages = {
  required: "Enter the URL that should receive the events",
  invalid: "Enter a full URL, such as https://crm.example.com/hooks/leadworks",
  https: "The URL must start with https://",
  tooLong: `The URL must be at most ${WEBHOOK_URL_MAX} characters`,
  credentials: "Leave the user name and password out of the URL",
  privateHost: "This address is private or local: webhooks go only to public addresses",
} as const;

export const webhookUrlSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, webhookMessages.required)
    .max(WEBHOOK_URL_MAX, webhookMessages.tooLong)
    .pipe(
      z
        .url({ protocol: /^https?$/, error: webhookMessages.invalid })
        .refine((v) => !/^[a-z]+:\/\/[^/]*@/i.test(v), webhookMessages.credentials),
    ),
});
export type WebhookUrlInput = z.infer<typeof webhookUrlSchema>;

/** The POSTs of a webhook page: which button was pressed. */
export const webhookIntents = ["save", "rotate", "reveal", "remove", "resume", "resend"] as const;
export type WebhookIntent = (typeof webhookIntents)[number];

/** The log page's `?before=<seq>`: a positive whole number, or none (the newest page). */
export function webhookLogBefore(url: URL): number | undefined {
  const raw = url.searchParams.get("before") ?? "";
  return /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : undefined;
}

export const olderDeliveriesHref = (before: number | null) => (before ? `?before=${before}` : null);

/**
 * A client's webhook, as the admin (/admin/webhooks/:clientId) and the client (/client/settings) see it:
 * the URL form, whether it is paused (with "Resume deliveries") or failing, the signing secret (shown after
 * it is made or replaced, or on "Reveal secret"), and the delivery log with "Resend", refreshed live. Every button is a plain POST that works without JavaScript.
 */
import { getInputProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { LocalTime } from "~/components/ui/local-time";
import { labelOf, webhookDeliveryStatuses, webhookEventTypes } from "~/db/enums";
import type { SerializeFrom } from "~/lib/serialize-from";
import { useHydrated } from "~/lib/use-hydrated";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToast } from "~/lib/toast";
import { cn } from "~/lib/utils";
import type { WebhookReply } from "../webhook-action.server";
import { WEBHOOK_URL_MAX, webhookUrlSchema } from "../webhooks.schema";
import type { getWebhookSettings, listWebhookDeliveries } from "../webhooks.server";
import { ScrollFrame } from "~/components/ui/scroll-frame";
import { ColumnHeads } from "~/components/ui/column-heads";

type Settings = SerializeFrom<typeof getWebhookSettings>;
type Log = SerializeFrom<typeof listWebhookDeliveries>;

export function WebhookPanel({
  settings,
  log,
  reply,
  eventsUrl,
  leadHref,
  olderHref,
}: {
  settings: Settings;
  log: Log;
  reply: WebhookReply | undefined;
  /** The page's live stream of delivery changes. */
  eventsUrl: string;
  /** Where a lead of the log opens. */
  leadHref: (leadId: string) => string;
  /** The link to the next (older) page of the log, if any. */
  olderHref: string | null;
}) {
  useLiveRevalidation(eventsUrl, "webhook");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const saveReply = reply?.intent === "save" ? reply : undefined;
  const otherReply = reply && reply.intent !== "save" ? reply : undefined;
  useToast(otherReply?.toast);
  const { fields, ...form } = useSchemaForm(webhookUrlSchema, {
    id: "webhook-url",
    reply: saveReply,
    defaultValue: { url: settings.endpoint?.url ?? "" },
  });
  const { endpoint } = settings;

  return (
    <div className="space-y-8">
      <section
        aria-labelledby="webhook-heading"
        className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
      >
        <h2 id="webhook-heading" className="text-lg font-bold">
          Webhook
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">
          Each lead assigned to {settings.client.companyName || "this client"}, changed or unassigned is
          POSTed to this URL as JSON (<code>lead.assigned</code>, <code>lead.updated</code>,{" "}
          <code>lead.unassigned</code>), signed in the <code>Leadworks-Signature</code> header with the secret
          below.
        </p>
        {endpoint?.pausedAt && (
          <div
            className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950"
            role="status"
            aria-labelledby="webhook-paused-heading"
          >
            <h3 id="webhook-paused-heading" className="font-semibold">
              Deliveries are paused
            </h3>
            <p className="mt-1 text-sm">
              Every attempt failed since{" "}
              {endpoint.failingSince ? <LocalTime iso={endpoint.failingSince} /> : "hours ago"} (
              {endpoint.consecutiveFailures} attempts in a row), so we paused the webhook on{" "}
              <LocalTime iso={endpoint.pausedAt} />. New events are kept, not sent and not given up. Check
              that the URL answers with a 2xx status within 5 seconds, then resume: the kept events are sent
              in order. Saving the URL resumes it too.
            </p>
            <Form method="post" className="mt-3" aria-label="Resume deliveries">
              <Button type="submit" name="intent" value="resume">
                {busy("resume") ? "Resuming..." : "Resume deliveries"}
              </Button>
            </Form>
          </div>
        )}
        {endpoint && !endpoint.pausedAt && endpoint.failingSince && (
          <p
            className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            role="status"
          >
            Failing since <LocalTime iso={endpoint.failingSince} /> ({endpoint.consecutiveFailures}{" "}
            {endpoint.consecutiveFailures === 1 ? "attempt" : "attempts"} in a row). After 6 hours of failures
            the webhook is paused and you are told by e-mail.
          </p>
        )}
        <Form method="post" {...form.formProps} className="mt-4 space-y-4" aria-label="Webhook URL">
          <FormStatus toast={form.shownStatus} />
          <FormField
            id={fields.url.id}
            label="HTTPS URL"
            error={fields.url.errors?.[0]}
            limit={WEBHOOK_URL_MAX}
            hint="A public https:// address of your system, such as https://crm.example.com/hooks/leadworks"
          >
            <Input {...getInputProps(fields.url, { type: "url" })} autoComplete="url" inputMode="url" />
          </FormField>
          <Button type="submit" name="intent" value="save" pending={form.submitting}>
            {busy("save") ? "Saving..." : endpoint ? "Save URL" : "Create webhook"}
          </Button>
        </Form>

        {!hydrated && otherReply && (
          <div className="mt-4">
            <FormStatus toast={otherReply.toast} />
          </div>
        )}
        {reply?.secret && (
          <div
            className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
            role="status"
          >
            <label htmlFor="webhook-secret" className="font-semibold">
              Signing secret
            </label>
            <p id="webhook-secret-hint" className="text-sm">
              Keep it in your receiver&apos;s settings, out of code and logs.
            </p>
            <Input
              id="webhook-secret"
              readOnly
              value={reply.secret}
              aria-describedby="webhook-secret-hint"
              className="mt-2 bg-white font-mono text-sm"
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        )}

        {endpoint && (
          <Form method="post" className="mt-6 flex flex-wrap gap-2" aria-label="Signing secret and removal">
            <Button type="submit" name="intent" value="reveal" variant="outline">
              {busy("reveal") ? "Revealing..." : "Reveal secret"}
            </Button>
            <Button type="submit" name="intent" value="rotate" variant="outline">
              {busy("rotate") ? "Generating..." : "Generate a new secret"}
            </Button>
            <Button type="submit" name="intent" value="remove" variant="destructive">
              {busy("remove") ? "Removing..." : "Remove webhook"}
            </Button>
          </Form>
        )}
      </section>

      <section aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading" className="text-lg font-bold">
          Deliveries
        </h2>
        {log.entries.length === 0 ? (
          <p className="mt-3 text-muted-foreground">No deliveries yet</p>
        ) : (
          <ScrollFrame label="Delivery log" className="mt-3">
            <table className="w-full min-w-[760px] text-left text-sm">
              <ColumnHeads
                cell="px-3 py-2"
                names={[
                  "Time",
                  "Event",
                  "Status",
                  "Code",
                  "Duration",
                  "Attempts",
                  "Next retry",
                  { name: "Actions", hidden: true },
                ]}
              />
              <tbody>
                {log.entries.map((entry) => (
                  <tr key={entry.id} className="border-t border-border align-top">
                    <td className="px-3 py-2 whitespace-nowrap">
                      <LocalTime iso={entry.lastAttemptAt ?? entry.createdAt} />
                    </td>
                    <td className="px-3 py-2">
                      <Link to={leadHref(entry.leadId)} className="text-primary hover:underline">
                        {labelOf(webhookEventTypes, entry.eventType)}
                      </Link>
                    </td>
                    <td className="px-3 py-2">
                      <span
                        className={cn(
                          "font-medium",
                          entry.status === "delivered" && "text-emerald-800",
                          entry.status === "failed" && "text-red-800",
                        )}
                      >
                        {labelOf(webhookDeliveryStatuses, entry.status)}
                      </span>
                      {entry.lastError && entry.status !== "delivered" && (
                        <span className="block max-w-64 break-words text-xs text-muted-foreground">
                          {entry.lastError}
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-2">{entry.lastStatusCode ?? "—"}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {entry.lastDurationMs === null ? "—" : `${entry.lastDurationMs} ms`}
                    </td>
                    <td className="px-3 py-2">{entry.attempts}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {entry.nextAttemptAt ? <LocalTime iso={entry.nextAttemptAt} /> : "—"}
                    </td>
                    <td className="px-3 py-2">
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="deliveryId" value={entry.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="resend"
                          size="sm"
                          variant="outline"
                          aria-label={`Resend ${labelOf(webhookEventTypes, entry.eventType)} of ${new Date(entry.createdAt).toISOString()}`}
                        >
                          Resend
                        </Button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollFrame>
        )}
        {olderHref && (
          <p className="mt-3">
            <Link to={olderHref} className="text-primary hover:underline">
              Older deliveries
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}

import type { Route } from "./+types/settings";
import { requireArea } from "~/features/auth/access.server";
import { actingClient } from "~/lib/actor";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { WebhookPanel } from "~/features/webhooks/components/webhook-panel";
import { handleWebhookPost } from "~/features/webhooks/webhook-action.server";
import { getWebhookSettings, listWebhookDeliveries } from "~/features/webhooks/webhooks.server";
import { olderDeliveriesHref, webhookLogBefore } from "~/features/webhooks/webhooks.schema";
import { PageTitle } from "~/components/ui/page-title";
import { can } from "~/lib/permissions";

/**
 * The client's own settings: their webhook (issue 14), scoped to the signed-in client's company and
 * managed by its owners (a member is told who manages it).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "client");
  if (!can(actor, "webhook:manage:own")) return { settings: null, log: null };
  const before = webhookLogBefore(new URL(request.url));
  const settings = await getWebhookSettings(actor, actingClient(actor));
  const log = await listWebhookDeliveries(actor, actingClient(actor), { before });
  return { settings, log };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireArea(request, "client");
  return handleWebhookPost(request, actor, actingClient(actor));
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Settings");

export default function ClientSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, log } = loaderData;
  return (
    <section aria-labelledby="settings-heading">
      <PageTitle id="settings-heading" className="mb-6">
        Settings
      </PageTitle>
      {settings === null || log === null ? (
        <p className="text-muted-foreground max-w-prose">
          Your company&apos;s webhook sends its leads to another system and holds the secret that signs them,
          so the company&apos;s owners set it up. Ask an owner (see Team) if it needs a change.
        </p>
      ) : (
        <WebhookPanel
          settings={settings}
          log={log}
          reply={actionData}
          eventsUrl="/client/settings/events"
          leadHref={(id) => `/client/leads/${id}`}
          olderHref={olderDeliveriesHref(log.olderBefore)}
        />
      )}
    </section>
  );
}

import type { Route } from "./+types/settings";
import { requireArea } from "~/features/auth/access.server";
import { actingClient } from "~/lib/actor";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { WebhookPanel } from "~/features/webhooks/components/webhook-panel";
import { handleWebhookPost } from "~/features/webhooks/webhook-action.server";
import { getWebhookSettings, listWebhookDeliveries } from "~/features/webhooks/webhooks.server";
import { olderDeliveriesHref, webhookLogBefore } from "~/features/webhooks/webhooks.schema";
import { PageTitle } from "~/components/ui/page-title";

/** The client's own settings: their webhook (issue 14), scoped to the signed-in client. */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "client");
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
      <WebhookPanel
        settings={settings}
        log={log}
        reply={actionData}
        eventsUrl="/client/settings/events"
        leadHref={(id) => `/client/leads/${id}`}
        olderHref={olderDeliveriesHref(log.olderBefore)}
      />
    </section>
  );
}

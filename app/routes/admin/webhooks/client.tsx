import type { Route } from "./+types/client";
import type { CrumbHandle } from "~/components/layout/breadcrumb";
import { BackLink } from "~/components/ui/back-link";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { WebhookPanel } from "~/features/webhooks/components/webhook-panel";
import { handleWebhookPost } from "~/features/webhooks/webhook-action.server";
import { getWebhookSettings, listWebhookDeliveries } from "~/features/webhooks/webhooks.server";
import { olderDeliveriesHref, webhookLogBefore } from "~/features/webhooks/webhooks.schema";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  const before = webhookLogBefore(new URL(request.url));
  const settings = await getWebhookSettings(actor, params.clientId);
  const log = await listWebhookDeliveries(actor, params.clientId, { before });
  return { settings, log };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireArea(request, "admin");
  return handleWebhookPost(request, actor, params.clientId);
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

/** The page's title and last crumb, from its loader data (none when the client was not found). */
function title(data: unknown) {
  const client = (
    data as { settings?: { client: { companyName: string | null; email: string | null } } } | undefined
  )?.settings?.client;
  return client ? `Webhook: ${client.companyName || client.email || "client"}` : "Client not found";
}

export const handle: CrumbHandle = { crumb: title };

export const meta: Route.MetaFunction = ({ data }) => privatePageMeta(title(data));

export default function AdminClientWebhook({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, log } = loaderData;
  return (
    <section aria-labelledby="client-webhook-heading">
      <BackLink to="/admin/webhooks">Back to Webhooks</BackLink>
      <PageTitle id="client-webhook-heading" className="mt-3 mb-6">
        {title(loaderData)}
      </PageTitle>
      <WebhookPanel
        settings={settings}
        log={log}
        reply={actionData}
        eventsUrl="/admin/webhooks/events"
        leadHref={(id) => `/admin/leads/${id}`}
        olderHref={olderDeliveriesHref(log.olderBefore)}
      />
    </section>
  );
}

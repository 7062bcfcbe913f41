import { Link } from "react-router";
import type { Route } from "./+types/list";
import { LocalTime } from "~/components/ui/local-time";
import { requireArea } from "~/features/auth/access.server";
import { noStoreHeaders, privatePageMeta } from "~/features/auth/seo";
import { listClientWebhooks } from "~/features/webhooks/webhooks.server";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { ScrollFrame } from "~/components/ui/scroll-frame";
import { ColumnHeads } from "~/components/ui/column-heads";
import { PageTitle } from "~/components/ui/page-title";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireArea(request, "admin");
  return { clients: await listClientWebhooks(actor) };
}

export const headers: Route.HeadersFunction = () => noStoreHeaders;

export const meta: Route.MetaFunction = () => privatePageMeta("Webhooks");

export default function AdminWebhooks({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation("/admin/webhooks/events", "webhook");
  const { clients } = loaderData;
  return (
    <section aria-labelledby="webhooks-heading">
      <PageTitle id="webhooks-heading">Webhooks</PageTitle>
      <p className="mt-2 max-w-3xl text-muted-foreground">
        Each client can receive their leads in their own system: set an HTTPS URL for them, and Leadworks
        POSTs every lead assigned to them, changed or unassigned, signed with their secret.
      </p>
      {clients.length === 0 ? (
        <p className="mt-6 text-muted-foreground">No clients yet</p>
      ) : (
        <ScrollFrame label="Client webhooks" className="mt-6">
          <table className="w-full min-w-[640px] text-left text-sm">
            <ColumnHeads cell="px-3 py-2" names={["Client", "URL", "Pending", "Failed", "Last attempt"]} />
            <tbody>
              {clients.map((client) => (
                <tr key={client.clientId} className="border-t border-border">
                  <td className="px-3 py-2">
                    <Link
                      to={`/admin/webhooks/${client.clientId}`}
                      className="font-medium text-primary hover:underline"
                    >
                      {client.companyName || client.email}
                    </Link>
                  </td>
                  <td className="max-w-72 break-all px-3 py-2">
                    {client.url ?? <span className="text-muted-foreground">Not set</span>}
                    {client.pausedAt && <span className="block font-medium text-red-800">Paused</span>}
                  </td>
                  <td className="px-3 py-2">{client.pending ?? 0}</td>
                  <td className="px-3 py-2">{client.failed ?? 0}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {client.lastAttemptAt ? <LocalTime iso={client.lastAttemptAt} /> : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollFrame>
      )}
    </section>
  );
}

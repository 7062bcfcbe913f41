import { Mail, Pencil, Phone, Trash2 } from "lucide-react";
import { Form, Link, useSearchParams, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import { useHydrated } from "~/lib/use-hydrated";
import { leadStatuses } from "~/db/enums";
import { formatPhone } from "../lead-format";
import { MotivationBadge, StatusBadge } from "./badges";
import { withParam } from "./lead-tabs";
import { fullAddress, type LeadView } from "./lead-view";
import { PageTitle } from "~/components/ui/page-title";

/** Name, phone and e-mail links, the full address, the status menu and Delete (spec 02 §2). */
export function LeadHeader({ lead }: { lead: LeadView }) {
  const [params] = useSearchParams();
  return (
    <div className="flex flex-col gap-4 border-b border-border pb-6 lg:flex-row lg:items-start lg:justify-between">
      <div>
        <PageTitle id="lead-heading">
          {lead.firstName} {lead.lastName}
        </PageTitle>
        <p className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <a
            href={`tel:${lead.phone}`}
            className="inline-flex items-center gap-1.5 py-1 text-primary hover:underline"
          >
            <Phone className="size-4" aria-hidden="true" /> {formatPhone(lead.phone)}
          </a>
          {lead.email && (
            <a
              href={`mailto:${lead.email}`}
              className="inline-flex items-center gap-1.5 py-1 text-primary hover:underline"
            >
              <Mail className="size-4" aria-hidden="true" /> {lead.email}
            </a>
          )}
        </p>
        <p className="mt-1 text-muted-foreground">{fullAddress(lead)}</p>
        <p className="mt-3 flex flex-wrap gap-2">
          <MotivationBadge value={lead.motivationLevel} />
          <StatusBadge value={lead.leadStatus} />
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <StatusMenu status={lead.leadStatus} />
        <Button asChild variant="outline" size="field">
          <Link to={`/admin/leads/${lead.id}/edit`}>
            <Pencil aria-hidden="true" /> Edit
          </Link>
        </Button>
        <Button asChild variant="outline" size="field" className="text-destructive">
          <Link to={`?${withParam(params, "delete")}`} preventScrollReset data-opens="delete-dialog">
            <Trash2 aria-hidden="true" /> Delete
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** Any status, saved as soon as it changes; without JavaScript a Save button posts it. */
function StatusMenu({ status }: { status: string }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      preventScrollReset
      className="flex items-end gap-2"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <input type="hidden" name="intent" value="status" />
      <div className="space-y-1">
        <label htmlFor="lead-status" className="block text-sm font-semibold">
          Status
        </label>
        {/* Keyed by the saved value: a refused change snaps back to what is stored. */}
        <NativeSelect key={status} id="lead-status" name="leadStatus" defaultValue={status} className="w-48">
          <SelectOptions options={leadStatuses} />
        </NativeSelect>
      </div>
      {!hydrated && (
        <Button type="submit" variant="outline" size="field">
          Save
        </Button>
      )}
    </Form>
  );
}

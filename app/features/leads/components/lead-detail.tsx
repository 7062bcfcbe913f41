import { Download, FileText, Mail, Pencil, Phone, Trash2 } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useNavigate, useNavigation, useSearchParams, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { LocalTime } from "~/components/ui/local-time";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { useHydrated } from "~/lib/use-hydrated";
import { useFormFeedback } from "~/lib/use-form-feedback";
import { cn } from "~/lib/utils";
import type { LeadActionResult } from "../lead-actions.server";
import {
  activitySchema,
  clientDisplayName,
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  documentMessages,
  documentSchema,
  formatMoney,
  formatPhone,
  labelOf,
  leadSources,
  leadStatuses,
  manualActivityTypes,
  personName,
  propertyTypes,
  type ActivityField,
  type DocumentField,
} from "../leads.schema";
import type { ClientOption, LeadDetail as Lead } from "../leads.server";
import { FeedbackBadge, MotivationBadge, StatusBadge } from "./badges";
import { Timeline } from "./timeline";

/** Dates arrive from the loader as strings. */
type Serialized<T> = T extends Date
  ? string | Date
  : T extends (infer U)[]
    ? Serialized<U>[]
    : T extends object
      ? { [K in keyof T]: Serialized<T[K]> }
      : T;
export type LeadView = Serialized<Lead>;

export const leadTabs = [
  { id: "overview", label: "Overview" },
  { id: "activity", label: "Activity Timeline" },
  { id: "documents", label: "Documents" },
  { id: "feedback", label: "Client Feedback" },
] as const;
export type LeadTab = (typeof leadTabs)[number]["id"];

/** The lead's name from a lead page's loader data (its title and breadcrumb), or "Lead not found". */
export function leadTitle(data: unknown): string {
  const lead = (data as { lead?: { firstName: string; lastName: string } | null } | undefined)?.lead;
  return lead ? `${lead.firstName} ${lead.lastName}` : "Lead not found";
}

export function fullAddress(lead: { address: string; city: string; state: string; zipCode: string }) {
  return `${lead.address}, ${lead.city}, ${lead.state} ${lead.zipCode}`;
}

// ---------------------------------------------------------------- header

/** The current query with `name` added (or removed): the tab stays when the dialog opens or closes. */
function withParam(params: URLSearchParams, name: string, on = true) {
  const next = new URLSearchParams(params);
  if (on) next.set(name, "");
  else next.delete(name);
  return next.toString().replace(/=(&|$)/g, "$1");
}

/** Name, phone and e-mail links, the full address, the status menu and Delete (spec 02 §2). */
export function LeadHeader({ lead }: { lead: LeadView }) {
  const [params] = useSearchParams();
  return (
    <div className="flex flex-col gap-4 border-b border-border pb-6 lg:flex-row lg:items-start lg:justify-between">
      <div>
        <h1 id="lead-heading" className="text-3xl font-extrabold tracking-tight">
          {lead.firstName} {lead.lastName}
        </h1>
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
          <Link to={`?${withParam(params, "delete")}`} preventScrollReset>
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
          {leadStatuses.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
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

/**
 * The confirmation (spec 02 §2): "Delete Lead". It lives at ?delete, so it works without JavaScript; with
 * JavaScript it is a modal dialog (focus trapped, Escape closes it).
 */
export function DeleteDialog({ open }: { open: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const closedHref = `?${withParam(params, "delete", false)}`;
  useEffect(() => {
    const dialog = ref.current;
    if (open && hydrated && dialog && !dialog.open) dialog.showModal();
  }, [open, hydrated]);
  if (!open) return null;
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const close = () => navigate(closedHref, { replace: true, preventScrollReset: true });
  return (
    <dialog
      ref={ref}
      open={!hydrated}
      aria-labelledby="delete-title"
      aria-describedby="delete-text"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className="z-50 m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-border bg-card p-6 text-foreground shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="delete-title" className="text-xl font-bold">
        Delete Lead
      </h2>
      <p id="delete-text" className="mt-2 text-muted-foreground">
        Are you sure you want to delete this lead? This action cannot be undone.
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button asChild variant="outline">
          <Link to={closedHref} replace preventScrollReset>
            Cancel
          </Link>
        </Button>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <Button
            type="submit"
            className="bg-destructive text-white hover:bg-destructive/90"
            disabled={deleting}
          >
            {deleting ? "Deleting..." : "Delete"}
          </Button>
        </Form>
      </div>
    </dialog>
  );
}

// ---------------------------------------------------------------- tabs

export function LeadTabs({ active, lead }: { active: LeadTab; lead: LeadView }) {
  const counts: Partial<Record<LeadTab, number>> = {
    activity: lead.activities.length,
    documents: lead.documents.length,
  };
  return (
    <nav aria-label="Lead sections" className="mt-6 flex gap-1 overflow-x-auto border-b border-border">
      {leadTabs.map((tab) => (
        <Link
          key={tab.id}
          to={`?tab=${tab.id}`}
          preventScrollReset
          aria-current={active === tab.id ? "page" : undefined}
          className={cn(
            "-mb-px whitespace-nowrap border-b-2 px-4 py-3 text-sm font-semibold",
            active === tab.id
              ? "border-primary text-primary"
              : "border-transparent text-muted-foreground hover:text-foreground",
          )}
        >
          {tab.label}
          {counts[tab.id] !== undefined && (
            <span className="ml-1.5 rounded-full bg-muted px-2 py-0.5 text-xs">{counts[tab.id]}</span>
          )}
        </Link>
      ))}
    </nav>
  );
}

export function Card({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6", className)}>
      <h2 className="text-lg font-bold">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
          <dd className="mt-0.5 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const orNone = (value: string | null | undefined) =>
  value ? value : <span className="text-muted-foreground">Not given</span>;

// ---------------------------------------------------------------- overview

export function OverviewTab({
  lead,
  clients,
  result,
}: {
  lead: LeadView;
  clients: ClientOption[];
  result?: LeadActionResult;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Property Details">
        <Facts
          items={[
            ["Address", lead.address],
            ["City", lead.city],
            ["State", lead.state],
            ["ZIP code", lead.zipCode],
            ["Property type", labelOf(propertyTypes, lead.propertyType)],
          ]}
        />
      </Card>
      <Card title="Motivation & Situation">
        <Facts
          items={[
            ["Motivation", <MotivationBadge key="m" value={lead.motivationLevel} />],
            ["Lead source", labelOf(leadSources, lead.leadSource)],
          ]}
        />
        <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          Situation notes
        </h3>
        <p className="mt-0.5 whitespace-pre-line break-words">{orNone(lead.situationNotes)}</p>
      </Card>
      <Card title="Financial Details">
        <Facts
          items={[
            ["Asking price", formatMoney(lead.askingPrice)],
            ["Estimated value", formatMoney(lead.estimatedValue)],
            ["Estimated repair cost", formatMoney(lead.estimatedRepairCost)],
            ...(lead.isSold ? ([["Sold Price", formatMoney(lead.soldPrice)]] as [string, ReactNode][]) : []),
          ]}
        />
        {lead.isSold && (
          <SoldPriceForm
            current={lead.soldPrice}
            result={result?.intent === "sold-price" ? result : undefined}
          />
        )}
      </Card>
      <Card title="Assignment Information">
        <Facts
          items={[
            ["Created by", orNone(personName(lead.creator))],
            ["Assigned client", lead.client ? clientDisplayName(lead.client) : "Unassigned"],
            ["Created", <LocalTime key="c" iso={lead.createdAt} style="long" />],
          ]}
        />
        <AssignForm
          current={lead.assignedToClientId}
          clients={clients}
          error={result?.intent === "assign" ? result.fieldErrors?.assignedToClientId : undefined}
        />
      </Card>
    </div>
  );
}

function AssignForm({
  current,
  clients,
  error,
}: {
  current: string | null;
  clients: ClientOption[];
  error?: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "assign";
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-5 flex flex-wrap items-end gap-3 border-t border-border pt-5"
    >
      <input type="hidden" name="intent" value="assign" />
      <div className="min-w-56 flex-1">
        <FormField id="assign-client" label="Assign to client" error={error}>
          <NativeSelect key={current ?? ""} name="assignedToClientId" defaultValue={current ?? ""}>
            <option value="">Unassigned</option>
            {clients.map((c) => (
              <option key={c.id} value={c.id}>
                {clientDisplayName(c)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <Button type="submit" variant="outline" size="field" disabled={saving}>
        {saving ? "Saving..." : "Save assignment"}
      </Button>
    </Form>
  );
}

function SoldPriceForm({ current, result }: { current: number | null; result?: LeadActionResult }) {
  const error = result?.fieldErrors?.soldPrice;
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-5 flex flex-wrap items-end gap-3 border-t border-border pt-5"
    >
      <input type="hidden" name="intent" value="sold-price" />
      <div className="min-w-48 flex-1">
        <FormField id="sold-price" label="Sold price (USD)" error={error}>
          <Input
            key={String(current)}
            name="soldPrice"
            inputMode="decimal"
            defaultValue={result?.values?.soldPrice ?? (current ? String(current) : "")}
          />
        </FormField>
      </div>
      <Button type="submit" variant="outline" size="field">
        Save sold price
      </Button>
    </Form>
  );
}

// ---------------------------------------------------------------- activity

export function ActivityTab({ lead, result }: { lead: LeadView; result?: LeadActionResult }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <Card title="Activity Timeline">
        <Timeline entries={lead.activities} emptyText="No activities yet" />
      </Card>
      <Card title="Log an activity" className="self-start">
        <ActivityForm result={result} />
      </Card>
    </div>
  );
}

function ActivityForm({ result }: { result?: LeadActionResult }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormFeedback<ActivityField>(activitySchema, formRef, { result });
  return (
    <Form
      method="post"
      {...form.formProps}
      preventScrollReset
      className="space-y-4"
      aria-label="Log an activity"
    >
      <FormStatus toast={form.staticStatus} />
      <input type="hidden" name="intent" value="activity" />
      <FormField id="activity-type" label="Type" error={form.errors.activityType}>
        <NativeSelect name="activityType" defaultValue={form.values?.activityType ?? "note_added"}>
          {manualActivityTypes.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="activity-description" label="Description" error={form.errors.description}>
        <Textarea
          name="description"
          rows={4}
          maxLength={1000}
          defaultValue={form.values?.description ?? ""}
        />
      </FormField>
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? "Saving..." : "Add activity"}
      </Button>
    </Form>
  );
}

// ---------------------------------------------------------------- documents

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function DocumentsTab({ lead, result }: { lead: LeadView; result?: LeadActionResult }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <section aria-labelledby="documents-heading">
        <h2 id="documents-heading" className="sr-only">
          Documents
        </h2>
        {lead.documents.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-border p-10 text-center text-muted-foreground">
            No documents uploaded yet
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {lead.documents.map((doc) => (
              <li
                key={doc.id}
                className="flex flex-col rounded-2xl border border-border bg-card p-5 shadow-sm"
              >
                <p className="flex items-start gap-2 font-semibold">
                  <FileText className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span className="break-words">{doc.documentName}</span>
                </p>
                <p className="mt-1 text-sm text-muted-foreground">
                  {doc.documentType} · {sizeOf(doc.sizeBytes)}
                  {doc.uploadedBy && ` · ${doc.uploadedBy}`}
                </p>
                <p className="text-sm text-muted-foreground">
                  <LocalTime iso={doc.createdAt} style="long" />
                </p>
                <Button asChild variant="outline" size="sm" className="mt-4 self-start">
                  {/* An authorized download (DESIGN: files are never served inline). */}
                  <a
                    href={`/admin/leads/${lead.id}/documents/${doc.id}`}
                    target="_blank"
                    rel="noopener"
                    aria-label={`View ${doc.documentName}`}
                  >
                    <Download aria-hidden="true" /> View
                  </a>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Card title="Upload a document" className="self-start">
        <DocumentForm result={result} />
      </Card>
    </div>
  );
}

function checkFile(form: HTMLFormElement) {
  const file = (form.elements.namedItem("document") as HTMLInputElement | null)?.files?.[0];
  if (!file) return { document: documentMessages.missing };
  if (file.size > DOCUMENT_MAX_BYTES) return { document: documentMessages.tooLarge };
  return {};
}

function DocumentForm({ result }: { result?: LeadActionResult }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormFeedback<DocumentField>(documentSchema, formRef, { result, extraCheck: checkFile });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...form.formProps}
      preventScrollReset
      className="space-y-4"
      aria-label="Upload a document"
    >
      <FormStatus toast={form.staticStatus} />
      <FormField
        id="document-file"
        label="File"
        error={form.errors.document}
        hint="PDF, Word, JPEG, PNG or WebP, up to 10 MB"
      >
        <Input
          name="document"
          type="file"
          accept={DOCUMENT_ACCEPT}
          className="file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:font-semibold"
        />
      </FormField>
      <FormField id="document-name" label="Name" optional error={form.errors.documentName}>
        <Input
          name="documentName"
          maxLength={200}
          placeholder="e.g. Purchase agreement"
          defaultValue={form.values?.documentName ?? ""}
        />
      </FormField>
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? "Uploading..." : "Upload"}
      </Button>
    </Form>
  );
}

// ---------------------------------------------------------------- client feedback

export function FeedbackTab({ lead }: { lead: LeadView }) {
  if (!lead.client) {
    return (
      <p className="rounded-2xl border border-dashed border-border p-10 text-center text-muted-foreground">
        This lead is not assigned to a client yet
      </p>
    );
  }
  return (
    <Card title={`Client Feedback: ${clientDisplayName(lead.client)}`} className="max-w-3xl">
      <Facts
        items={[
          ["Status", <FeedbackBadge key="s" value={lead.clientFeedbackStatus} />],
          [
            "Reviewed",
            lead.clientReviewedAt ? (
              <LocalTime key="r" iso={lead.clientReviewedAt} style="long" />
            ) : (
              <span className="text-muted-foreground">Not reviewed yet</span>
            ),
          ],
        ]}
      />
      <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        Client notes
      </h3>
      <p className="mt-0.5 whitespace-pre-line break-words">{orNone(lead.clientNotes)}</p>
    </Card>
  );
}

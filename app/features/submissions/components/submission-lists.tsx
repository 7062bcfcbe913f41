import { CheckCircle2, Download, FileText, Search } from "lucide-react";
import { useRef } from "react";
import { Form, Link } from "react-router";
import { FilterField } from "~/components/ui/filter-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { experienceLevels, labelOf, positions } from "~/db/enums";
import { useFieldsFollowUrl } from "~/lib/use-fields-follow-url";
import type { SerializeFrom } from "~/lib/serialize-from";
import { cn } from "~/lib/utils";
import type { ListQuery, SubmissionKind } from "../submissions.schema";
import type { listCareerApplications, listContactSubmissions } from "../submissions.server";
import { LocalTime } from "~/components/ui/local-time";

// Rows as the dashboard's loader sends them (React Router's serialization of the queries' results).
export type ContactRow = SerializeFrom<typeof listContactSubmissions>["rows"][number];
export type CareerRow = SerializeFrom<typeof listCareerApplications>["rows"][number];

export function Tabs({ query, counts }: { query: ListQuery; counts: { contact: number; career: number } }) {
  const tabs: { kind: SubmissionKind; label: string; n: number }[] = [
    { kind: "contact", label: "Contact Submissions", n: counts.contact },
    { kind: "career", label: "Career Applications", n: counts.career },
  ];
  return (
    <nav aria-label="Submission lists" className="flex gap-2 border-b border-border">
      {tabs.map((tab) => {
        const active = query.tab === tab.kind;
        return (
          <Link
            key={tab.kind}
            to={`?tab=${tab.kind}`}
            aria-current={active ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-4 py-3 text-sm font-semibold",
              active
                ? "border-primary text-primary"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {tab.label} <span className="ml-1 rounded-full bg-muted px-2 py-0.5 text-xs">{tab.n}</span>
          </Link>
        );
      })}
    </nav>
  );
}

export function ListToolbar({ query }: { query: ListQuery }) {
  const formRef = useRef<HTMLFormElement>(null);
  useFieldsFollowUrl(formRef, { q: query.q, status: query.status });
  const exportUrl = `/admin/submissions/export.csv?tab=${query.tab}&q=${encodeURIComponent(query.q)}&status=${query.status}`;
  return (
    <div className="flex flex-col gap-3 py-4 lg:flex-row lg:items-end lg:justify-between">
      <Form ref={formRef} method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
        <input type="hidden" name="tab" value={query.tab} />
        <FilterField id="submission-search" label="Search">
          <Input
            id="submission-search"
            name="q"
            defaultValue={query.q}
            placeholder={query.tab === "contact" ? "Name, e-mail or subject" : "Name or e-mail"}
            className="sm:w-72"
          />
        </FilterField>
        <FilterField id="submission-status" label="Status">
          <NativeSelect id="submission-status" name="status" defaultValue={query.status} className="sm:w-40">
            <option value="all">All</option>
            <option value="open">Not handled</option>
            <option value="handled">Handled</option>
          </NativeSelect>
        </FilterField>
        <Button type="submit" variant="outline" size="field">
          <Search aria-hidden="true" /> Search
        </Button>
      </Form>
      <Button asChild variant="outline" size="field">
        <a href={exportUrl} download>
          <Download aria-hidden="true" /> Export CSV
        </a>
      </Button>
    </div>
  );
}

function HandledToggle({ kind, id, handled }: { kind: SubmissionKind; id: string; handled: boolean }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="set-handled" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="handled" value={handled ? "false" : "true"} />
      <Button type="submit" variant={handled ? "ghost" : "outline"} size="sm">
        {handled ? (
          <>
            <CheckCircle2 className="text-success" aria-hidden="true" /> Handled: reopen
          </>
        ) : (
          "Mark handled"
        )}
      </Button>
    </Form>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

export function ContactList({ rows }: { rows: ContactRow[] }) {
  if (rows.length === 0) return <EmptyState text="No contact submissions yet" />;
  return (
    <ul className="space-y-4">
      {rows.map((row) => (
        <li key={row.id} className="rounded-2xl border border-border bg-card p-5 shadow-sm">
          <article aria-label={`Message from ${row.name}`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h3 className="text-lg font-bold">{row.subject}</h3>
                <p className="text-sm text-muted-foreground">
                  <LocalTime iso={row.createdAt} />
                </p>
              </div>
              <HandledToggle kind="contact" id={row.id} handled={!!row.handledAt} />
            </div>
            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
              <Field label="Name">{row.name}</Field>
              <Field label="Email">
                <a className="text-primary underline" href={`mailto:${row.email}`}>
                  {row.email}
                </a>
              </Field>
              <Field label="Company">{row.company ?? "Not given"}</Field>
            </dl>
            <p className="mt-4 whitespace-pre-wrap rounded-lg bg-muted/60 p-3 text-sm">{row.message}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}

export function CareerList({ rows }: { rows: CareerRow[] }) {
  if (rows.length === 0) return <EmptyState text="No career applications yet" />;
  return (
    <ul className="space-y-4">
      {rows.map((row) => (
        <li key={row.id} className="rounded-2xl border border-border bg-card p-5 shadow-sm">
          <article aria-label={`Application from ${row.firstName} ${row.lastName}`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h3 className="text-lg font-bold">
                  {row.firstName} {row.lastName}
                </h3>
                <p className="text-sm text-muted-foreground">
                  <LocalTime iso={row.createdAt} />
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {row.resumeFileId && (
                  <Button asChild variant="default" size="sm">
                    <a href={`/admin/applications/${row.id}/resume`} target="_blank" rel="noopener">
                      <FileText aria-hidden="true" /> View Resume
                    </a>
                  </Button>
                )}
                <HandledToggle kind="career" id={row.id} handled={!!row.handledAt} />
              </div>
            </div>
            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
              <Field label="Email">
                <a className="text-primary underline" href={`mailto:${row.email}`}>
                  {row.email}
                </a>
              </Field>
              <Field label="Phone">{row.phone ?? "Not given"}</Field>
              <Field label="Position">{labelOf(positions, row.positionInterest) || "Not given"}</Field>
              <Field label="Experience">
                {labelOf(experienceLevels, row.experienceLevel) || "Not given"}
              </Field>
              <Field label="Resume">{row.resumeName ?? "None"}</Field>
            </dl>
            <p className="mt-4 whitespace-pre-wrap rounded-lg bg-muted/60 p-3 text-sm">{row.coverLetter}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}

function EmptyState({ text }: { text: string }) {
  return (
    <p className="rounded-2xl border border-dashed border-border p-10 text-center text-muted-foreground">
      {text}
    </p>
  );
}

/**
 * The /admin/sources page: the agency's lead sources with their leads, a form to add one, and per source
 * rename, retire (or offer again) and merge into another. Every form posts without JavaScript; the
 * server checks each (sources-action.server.ts) and answers under the field it concerns.
 */
import { getInputProps } from "@conform-to/react";
import { useEffect } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import { PageTitle } from "~/components/ui/page-title";
import { replyError } from "~/lib/form-reply";
import { showToastNow } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useSending } from "~/lib/use-sending";
import { addSourceSchema, SOURCE_LABEL_MAX } from "../sources/sources";
import type { SourceActionResult } from "../sources/sources-action.server";
import type { sourcesOverview } from "../sources/sources.server";

type SourceRow = Awaited<ReturnType<typeof sourcesOverview>>[number];

export function SourceAdmin({
  sources,
  result,
}: {
  sources: SourceRow[];
  result: SourceActionResult | undefined;
}) {
  const rowResult = result && result.intent !== "add" ? result : undefined;
  useEffect(() => {
    // A row's refusal is said in a toast as well as under its field (the row may be far down the page).
    if (rowResult && !rowResult.ok) showToastNow(rowResult.toast);
  }, [rowResult]);
  const open = sources.filter((s) => !s.retired);
  return (
    <section aria-labelledby="sources-heading" className="space-y-6">
      <div>
        <PageTitle id="sources-heading">Lead sources</PageTitle>
        <p className="mt-1 max-w-3xl text-muted-foreground">
          Where your sellers come from, in your own words. Every lead, filter, chart, routing switch and
          export names a source by its key, which never changes: renaming one changes only what people read. A
          retired source stays on its leads but is not offered for new ones; merging moves every lead of one
          source, with its deliveries and figures, into another.
        </p>
      </div>
      <AddSourceForm result={result?.intent === "add" ? result : undefined} />
      <ol className="divide-y divide-border rounded-2xl border border-border bg-card" aria-label="Sources">
        {sources.map((source) => (
          <SourceItem
            key={source.key}
            source={source}
            targets={open.filter((s) => s.key !== source.key)}
            result={rowResult?.key === source.key ? rowResult : undefined}
          />
        ))}
      </ol>
    </section>
  );
}

function AddSourceForm({ result }: { result: SourceActionResult | undefined }) {
  const { fields, ...form } = useSchemaForm(addSourceSchema, { id: "add-source", reply: result });
  const adding = useSending({ intent: "add" });
  return (
    <Form
      method="post"
      {...form.formProps}
      className="flex flex-wrap items-end gap-3 rounded-2xl border border-border bg-card p-5 shadow-sm"
      aria-label="Add a source"
    >
      <input type="hidden" name="intent" value="add" />
      <FormStatus toast={form.shownStatus} />
      <div className="min-w-64 flex-1">
        <FormField
          id={fields.label.id}
          label="New source"
          error={fields.label.errors?.[0]}
          limit={SOURCE_LABEL_MAX}
          hint="As your team says it, e.g. &ldquo;Facebook Ads&rdquo; or &ldquo;Probate List&rdquo;"
        >
          <Input {...getInputProps(fields.label, { type: "text" })} autoComplete="off" />
        </FormField>
      </div>
      <Button type="submit" pending={adding}>
        {adding ? "Adding..." : "Add Source"}
      </Button>
    </Form>
  );
}

function SourceItem({
  source,
  targets,
  result,
}: {
  source: SourceRow;
  targets: SourceRow[];
  result: SourceActionResult | undefined;
}) {
  const renameError = result?.intent === "rename" ? replyError(result, "label") : undefined;
  const mergeError =
    result?.intent === "merge" ? (replyError(result, "into") ?? replyError(result, "key")) : undefined;
  const retiring = useSending({ intent: source.retired ? "restore" : "retire", key: source.key });
  const id = `source-${source.key}`;
  return (
    <li className="space-y-3 px-4 py-4 sm:px-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={id} className="text-base font-bold">
          {source.label}
        </h2>
        <code className="text-sm text-muted-foreground">{source.key}</code>
        {source.builtIn && (
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold">Built in</span>
        )}
        {source.retired && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            Retired
          </span>
        )}
        <span className="text-sm text-muted-foreground sm:ml-auto">
          {source.leads.toLocaleString("en-US")} lead{source.leads === 1 ? "" : "s"}
        </span>
      </div>
      <details className="group" open={result !== undefined && !result.ok}>
        <summary className="cursor-pointer text-sm font-semibold text-primary">
          Change <span className="sr-only">{source.label}</span>
        </summary>
        <div className="mt-3 grid gap-4 lg:grid-cols-3">
          <Form method="post" className="flex items-end gap-2" aria-label={`Rename ${source.label}`}>
            <input type="hidden" name="intent" value="rename" />
            <input type="hidden" name="key" value={source.key} />
            <div className="flex-1">
              <FormField id={`${id}-label`} label="Name" error={renameError} limit={SOURCE_LABEL_MAX}>
                <Input name="label" type="text" defaultValue={source.label} autoComplete="off" />
              </FormField>
            </div>
            <Button type="submit" variant="outline" size="field">
              Rename
            </Button>
          </Form>
          {!source.builtIn && targets.length > 0 && (
            <Form method="post" className="flex items-end gap-2" aria-label={`Merge ${source.label}`}>
              <input type="hidden" name="intent" value="merge" />
              <input type="hidden" name="key" value={source.key} />
              <div className="flex-1">
                <FormField id={`${id}-into`} label="Merge into" error={mergeError}>
                  <NativeSelect name="into" defaultValue="">
                    <SelectOptions
                      options={targets.map((t) => ({ value: t.key, label: t.label }))}
                      placeholder="Choose a source"
                    />
                  </NativeSelect>
                </FormField>
              </div>
              <Button type="submit" variant="outline" size="field">
                Merge
              </Button>
            </Form>
          )}
          <Form
            method="post"
            className="flex items-end"
            aria-label={`${source.retired ? "Offer" : "Retire"} ${source.label}`}
          >
            <input type="hidden" name="intent" value={source.retired ? "restore" : "retire"} />
            <input type="hidden" name="key" value={source.key} />
            <Button type="submit" variant="outline" size="field" pending={retiring}>
              {source.retired ? "Offer for new leads again" : "Retire"}
            </Button>
          </Form>
        </div>
      </details>
    </li>
  );
}

import { AlertTriangle, Play, RefreshCw, Trash2 } from "lucide-react";
import { useRef } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { FilterField } from "~/components/ui/filter-field";
import { FormStatus } from "~/components/ui/form-status";
import { LocalTime } from "~/components/ui/local-time";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import { motivationLevels, propertyTypes, type Option } from "~/db/enums";
import type { SerializeFrom } from "~/lib/serialize-from";
import { useHydrated } from "~/lib/use-hydrated";
import { clientOptions, formatCount, formatPhone } from "../lead-format";
import type { ClientOption } from "../lead-queries.server";
import { importTargets } from "../import/columns";
import type { ImportReply } from "../import/import-actions.server";
import {
  duplicateModes,
  settingsKeyOf,
  startButtonLabel,
  unmappedMessage,
  unmappedNeeds,
} from "../import/import.schema";
import type { getImport, previewImport } from "../import/imports.server";
import { CheckSummary, FixRows, ValueMapping } from "./import-check";
import { Card } from "./lead-card";
import { Cell, LeadTableHead, tableClasses } from "./lead-table-parts";

type Detail = NonNullable<SerializeFrom<typeof getImport>>;
type Preview = SerializeFrom<typeof previewImport>;

/** The fields a default fills when the file leaves them empty (the sources are the agency's). */
const defaultFields = (sources: readonly Option[]) =>
  [
    { name: "propertyType", label: "Property type", options: propertyTypes },
    { name: "motivationLevel", label: "Motivation", options: motivationLevels },
    { name: "leadSource", label: "Lead source", options: sources },
  ] as const;

/** The first value a column holds in the sample rows, to recognise it by. */
const sampleOf = (detail: Detail, column: number) =>
  detail.sampleRows.map((row) => (row[column] ?? "").trim()).find(Boolean) ?? "";

/**
 * The mapping page's form: what each column of the file holds, what fills the fields it leaves empty,
 * the client every lead goes to, what to do with possible duplicates, and what each value of the
 * enumerated columns imports as. Every save checks the whole file again: with JavaScript a change does
 * at once; without it, "Check the whole file" does.
 */
export function ImportSettingsForm({
  detail,
  clients,
  sources,
  openSources,
  preview,
  reply,
}: {
  detail: Detail;
  clients: readonly ClientOption[];
  /** The default source's choices: the open sources, and the one set before if retired since. */
  sources: readonly Option[];
  /** The sources a value of the file may import as. */
  openSources: readonly Option[];
  preview: Preview;
  reply?: ImportReply;
}) {
  const settings = detail.settings!;
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const missing = unmappedNeeds(settings.mapping);
  const check = detail.check;
  const current = check !== null && check.settingsKey === settingsKeyOf(settings);
  const refreshPreview = () => {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    data.set("intent", "preview");
    void submit(data, { method: "post", preventScrollReset: true, replace: true });
  };
  return (
    <Form
      ref={formRef}
      method="post"
      preventScrollReset
      // Typing in the fix grid waits for its own button: a whole-file check per key would be too many.
      onChange={
        hydrated
          ? (event) => {
              const field: EventTarget = event.target;
              if (!(field instanceof HTMLInputElement && field.type === "text")) refreshPreview();
            }
          : undefined
      }
      className="space-y-6"
      aria-label="Import settings"
    >
      {detail.sameFile.length > 0 && <SameFileWarning earlier={detail.sameFile} />}
      {reply && !reply.ok && <FormStatus toast={reply.toast} />}

      <Card title="Columns">
        <p className="mb-4 text-sm text-muted-foreground">
          What each column of {detail.fileName} holds. Recognised headers are chosen for you; pick
          &ldquo;Don&rsquo;t import&rdquo; for columns you do not need.
        </p>
        <div className={tableClasses.frame}>
          <table className={tableClasses.table} aria-label="Column mapping">
            <LeadTableHead columns={["Column in the file", "First value", "Imports as"]} actions={false} />
            <tbody className={tableClasses.body}>
              {detail.headers.map((header, i) => (
                <tr key={i} className={tableClasses.row}>
                  <Cell wide className="font-semibold">
                    {header || `Column ${i + 1}`}
                  </Cell>
                  <Cell label="First value" className="break-all text-muted-foreground">
                    {sampleOf(detail, i) || "(empty)"}
                  </Cell>
                  <Cell label="Imports as" wide>
                    <label htmlFor={`mapping-${i}`} className="sr-only">
                      {`Column “${header || `Column ${i + 1}`}” imports as`}
                    </label>
                    <NativeSelect
                      id={`mapping-${i}`}
                      name={`mapping[${i}]`}
                      defaultValue={settings.mapping[i] ?? ""}
                      className="min-w-48"
                    >
                      <SelectOptions options={importTargets} placeholder="Don’t import" />
                    </NativeSelect>
                  </Cell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {missing.length > 0 && (
          <p
            role="alert"
            className="mt-4 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
          >
            <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            {unmappedMessage(missing)}
          </p>
        )}
      </Card>

      {check && <ValueMapping check={check} settings={settings} sources={openSources} />}

      <Card title="For every lead">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {defaultFields(sources).map(({ name, label, options }) => (
            <FilterField key={name} id={`import-${name}`} label={`${label}, when the file leaves it empty`}>
              <NativeSelect id={`import-${name}`} name={name} defaultValue={settings.defaults[name]}>
                <SelectOptions options={options} />
              </NativeSelect>
            </FilterField>
          ))}
          <FilterField id="import-client" label="Assign every lead to">
            <NativeSelect
              id="import-client"
              name="assignToClientId"
              defaultValue={settings.assignToClientId ?? ""}
            >
              <SelectOptions
                options={clientOptions(clients)}
                placeholder="No one (or the file's client e-mail column)"
              />
            </NativeSelect>
          </FilterField>
        </div>
        <fieldset className="mt-5">
          <legend className="text-sm font-semibold">
            Possible duplicates (same phone, or same address and ZIP)
          </legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {duplicateModes.map((mode) => (
              <label key={mode.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="duplicates"
                  value={mode.value}
                  defaultChecked={settings.duplicates === mode.value}
                  className="size-4 accent-primary"
                />
                {mode.label}
              </label>
            ))}
          </div>
        </fieldset>
      </Card>

      {check && <CheckSummary check={check} settings={settings} current={current} />}
      {check && <FixRows check={check} headers={detail.headers} mapping={settings.mapping} busy={busy} />}

      <Card title={`Preview of the first ${preview.length} rows`}>
        <PreviewTable preview={preview} />
      </Card>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" name="intent" value="start" pending={busy}>
          <Play aria-hidden="true" />
          {detail.sameFile.length > 0
            ? "Import again anyway"
            : startButtonLabel(check, settings, detail.totalRows)}
        </Button>
        <Button type="submit" name="intent" value="preview" variant="outline" pending={busy}>
          <RefreshCw aria-hidden="true" /> Check the whole file
        </Button>
        <Button type="submit" name="intent" value="discard" variant="ghost" formNoValidate pending={busy}>
          <Trash2 aria-hidden="true" /> Discard upload
        </Button>
      </div>
    </Form>
  );
}

/** The same bytes were imported before: say when, and how it went, before the admin imports them again. */
function SameFileWarning({ earlier }: { earlier: Detail["sameFile"] }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950"
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">This exact file was imported before</p>
        <ul className="mt-1 text-sm">
          {earlier.map((e) => (
            <li key={e.id}>
              <Link to={`/admin/leads/import/${e.id}`} className="font-semibold underline">
                {e.fileName}
              </Link>{" "}
              on <LocalTime iso={e.createdAt} />: {formatCount(e.imported)} imported ({e.status})
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm">
          Importing it again brings in the same sellers; with &ldquo;Skip them&rdquo; below they are listed as
          possible duplicates instead of being imported twice.
        </p>
      </div>
    </div>
  );
}

/** Ready, skipped as a possible duplicate (with a link to the lead it matches), or why it is rejected. */
function PreviewResult({ row }: { row: Preview[number] }) {
  const match = row.duplicateOf;
  const lead =
    match && "leadId" in match ? (
      <Link to={`/admin/leads/${match.leadId}`} className="underline">
        an existing lead ({match.samePhone ? "same phone" : "same address"})
      </Link>
    ) : null;
  if (row.ok) {
    return (
      <span className="font-semibold text-green-800">
        Ready
        {match && (
          <span className="font-normal">
            {" "}
            · possible duplicate of {lead ?? `row ${"row" in match ? match.row : ""}`}, imported anyway
          </span>
        )}
      </span>
    );
  }
  return (
    <span className="font-semibold text-red-800">
      {lead ? <>Skipped: possible duplicate of {lead}</> : row.reason}
    </span>
  );
}

function PreviewTable({ preview }: { preview: Preview }) {
  return (
    <div className={tableClasses.frame}>
      <table className={tableClasses.table} aria-label="Preview">
        <LeadTableHead columns={["Row", "Seller", "Phone", "Property", "Result"]} actions={false} />
        <tbody className={tableClasses.body}>
          {preview.map((p) => (
            <tr key={p.row} className={tableClasses.row}>
              <Cell label="Row">{p.row}</Cell>
              <Cell label="Seller" className="font-semibold">
                {p.fields.firstName} {p.fields.lastName}
              </Cell>
              <Cell label="Phone" className="whitespace-nowrap">
                {p.ok ? formatPhone(p.lead.phone) : p.fields.phone}
              </Cell>
              <Cell label="Property">
                {p.fields.address}
                <span className="block text-muted-foreground">
                  {p.fields.city}, {p.fields.state} {p.fields.zipCode}
                </span>
              </Cell>
              <Cell label="Result" wide>
                <PreviewResult row={p} />
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The /admin/api-keys page: create a key (name and scopes; the secret is shown once, with a copy
 * button), the keys with their creator, last use, usage count and status, revoke, and the key actions
 * of the audit log.
 */
import { getInputProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { LocalTime } from "~/components/ui/local-time";
import { showToastNow } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm } from "~/lib/use-schema-form";
import { cn } from "~/lib/utils";
import { API_KEY_NAME_MAX, apiScopeOptions, createApiKeySchema } from "../api-keys.schema";
import type { ApiKeyAdminResult } from "../api-keys-action.server";
import type { ApiKeyRow, listApiKeyAudit } from "../api-keys.server";
import { ScrollFrame } from "~/components/ui/scroll-frame";
import { ColumnHeads } from "~/components/ui/column-heads";
import { PageTitle } from "~/components/ui/page-title";
import { useSending } from "~/lib/use-sending";

type AuditRow = Awaited<ReturnType<typeof listApiKeyAudit>>[number];

const auditLabel: Record<string, string> = {
  "api_key.created": "Created",
  "api_key.revoked": "Revoked",
};

export function ApiKeyAdmin({
  keys,
  audit,
  result,
}: {
  keys: ApiKeyRow[];
  audit: AuditRow[];
  result: ApiKeyAdminResult | undefined;
}) {
  const revokeResult = result?.intent === "revoke" ? result : undefined;
  const hydrated = useHydrated();
  useEffect(() => {
    if (revokeResult) showToastNow(revokeResult.toast);
  }, [revokeResult]);
  return (
    <div className="space-y-12">
      <header>
        <PageTitle>API keys</PageTitle>
        <p className="mt-2 text-muted-foreground">
          Keys let lead vendors and landing pages send leads to the API, and your tools read them. See the{" "}
          <a className="font-semibold text-primary underline underline-offset-4" href="/api/docs">
            API reference
          </a>
          .
        </p>
      </header>
      {result?.created && <NewSecret name={result.created.name} secret={result.created.secret} />}
      <CreateKeyForm result={result?.intent === "create" ? result : undefined} />
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading" className="text-xl font-bold">
          Keys <span className="font-normal text-muted-foreground">({keys.length})</span>
        </h2>
        {!hydrated && <FormStatus toast={revokeResult?.toast} />}
        {keys.length === 0 ? (
          <p className="mt-4 text-muted-foreground">No API keys yet</p>
        ) : (
          <ScrollFrame label="Keys table" className="mt-4">
            <table className="w-full min-w-[56rem] text-left text-sm">
              <caption className="sr-only">API keys with their scopes, use and status</caption>
              <ColumnHeads
                names={["Key", "Scopes", "Created", "Last used", "Requests", "Status", "Actions"]}
              />
              <tbody className="divide-y divide-border">
                {keys.map((key) => (
                  <KeyRow key={key.id} row={key} />
                ))}
              </tbody>
            </table>
          </ScrollFrame>
        )}
      </section>
      <section aria-labelledby="key-audit-heading">
        <h2 id="key-audit-heading" className="text-xl font-bold">
          Recent key actions
        </h2>
        {audit.length === 0 ? (
          <p className="mt-4 text-muted-foreground">No key actions recorded yet</p>
        ) : (
          <ul className="mt-4 space-y-2 text-sm">
            {audit.map((entry) => (
              <li key={entry.id}>
                <LocalTime iso={entry.createdAt} />: {auditLabel[entry.action] ?? entry.action}{" "}
                <span className="font-semibold">{String(entry.details.name ?? "")}</span> by{" "}
                {entry.by ?? "a deleted account"}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function NewSecret({ name, secret }: { name: string; secret: string }) {
  const [copied, setCopied] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  const copy = async () => {
    ref.current?.select();
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section
      aria-labelledby="secret-heading"
      className="rounded-2xl border-2 border-emerald-600 bg-emerald-50 p-6 text-emerald-950"
    >
      <h2 id="secret-heading" className="text-xl font-bold">
        Copy the key &ldquo;{name}&rdquo; now
      </h2>
      <p className="mt-1 text-sm">
        This is the only time it is shown. Only a fingerprint is kept: if it is lost, revoke it and create
        another.
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="new-secret" className="sr-only">
          The new API key
        </label>
        <Input
          id="new-secret"
          ref={ref}
          readOnly
          value={secret}
          className="font-mono text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" size="field" onClick={() => void copy()}>
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <p className="sr-only" role="status">
        {copied ? "The key is on the clipboard" : ""}
      </p>
    </section>
  );
}

function CreateKeyForm({ result }: { result: ApiKeyAdminResult | undefined }) {
  const { fields, ...form } = useSchemaForm(createApiKeySchema, { id: "create-key", reply: result });
  const { name, scopes } = fields;
  const submitting = useSending({ intent: "create" });
  const scopeError = scopes.errors?.[0];
  return (
    <section
      aria-labelledby="create-key-heading"
      className="rounded-2xl border border-border bg-card p-6 shadow-sm"
    >
      <h2 id="create-key-heading" className="text-xl font-bold">
        Create a key
      </h2>
      <Form method="post" {...form.formProps} className="mt-5 space-y-5" aria-labelledby="create-key-heading">
        <input type="hidden" name="intent" value="create" />
        <FormStatus toast={form.shownStatus} />
        <FormField
          id={name.id}
          label="Name"
          error={name.errors?.[0]}
          limit={API_KEY_NAME_MAX}
          hint="Who or what uses it, e.g. &ldquo;Landing page vendor&rdquo;"
        >
          <Input {...getInputProps(name, { type: "text" })} autoComplete="off" />
        </FormField>
        <fieldset aria-describedby={scopeError ? `${scopes.id}-error` : undefined}>
          <legend className="text-sm font-semibold">Scopes</legend>
          <div className="mt-2 space-y-2">
            {apiScopeOptions.map((option) => (
              <label key={option.value} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name={scopes.name}
                  value={option.value}
                  defaultChecked={option.value === "leads:write"}
                  className="mt-1 size-4"
                />
                <span>
                  <span className="font-mono font-semibold">{option.label}</span>
                  <span className="block text-muted-foreground">{option.description}</span>
                </span>
              </label>
            ))}
          </div>
          {scopeError && (
            <p id={`${scopes.id}-error`} className="mt-2 text-sm font-medium text-destructive">
              {scopeError}
            </p>
          )}
        </fieldset>
        <Button type="submit" pending={submitting}>
          {submitting ? "Creating..." : "Create Key"}
        </Button>
      </Form>
    </section>
  );
}

function KeyRow({ row }: { row: ApiKeyRow }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("keyId") === row.id;
  const revoked = row.revokedAt !== null;
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <p className="font-semibold">{row.name}</p>
        <p className="font-mono text-xs text-muted-foreground">{row.prefix}…</p>
      </td>
      <td className="px-4 py-3 font-mono text-xs">{row.scopes.join(", ")}</td>
      <td className="px-4 py-3">
        <LocalTime iso={row.createdAt} />
        <p className="text-muted-foreground">by {row.createdBy ?? "a deleted account"}</p>
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        {row.lastUsedAt ? <LocalTime iso={row.lastUsedAt} /> : "Never"}
      </td>
      <td className="px-4 py-3">{row.usageCount.toLocaleString("en-US")}</td>
      <td className="px-4 py-3">
        <span
          className={cn(
            "rounded-full px-2 py-0.5 text-xs font-semibold",
            revoked ? "bg-red-100 text-red-900" : "bg-emerald-100 text-emerald-900",
          )}
        >
          {revoked ? "Revoked" : "Active"}
        </span>
      </td>
      <td className="px-4 py-3">
        {!revoked && (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="keyId" value={row.id} />
            <Button
              type="submit"
              size="xs"
              variant="destructive"
              pending={pending}
              aria-label={`Revoke ${row.name}`}
            >
              {pending ? "Revoking..." : "Revoke"}
            </Button>
          </Form>
        )}
      </td>
    </tr>
  );
}

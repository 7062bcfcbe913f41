/**
 * The API reference at /api/docs: the OpenAPI document (openapi.ts) rendered as a page, by us, with
 * nothing loaded from elsewhere. Operations with their parameters and answers, then every schema as a
 * table of its fields, then the problem types that `type` links to.
 */
import type { OpenApiDocument } from "../openapi";
import { ScrollFrame } from "~/components/ui/scroll-frame";
import { ColumnHeads } from "~/components/ui/column-heads";
import { PageTitle } from "~/components/ui/page-title";

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  const?: unknown;
};

const refName = (ref: string) => ref.split("/").at(-1) ?? ref;

function typeOf(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return refName(schema.$ref);
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return union.map(typeOf).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return (
    types
      .map((t) =>
        t === "array"
          ? `${typeOf(schema.items)}[]`
          : schema.format && t === "string"
            ? `string (${schema.format})`
            : t,
      )
      .join(" | ") || "object"
  );
}

function rules(schema: Schema): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined && schema.minLength > 0)
    parts.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
  if (schema.minimum !== undefined) parts.push(`from ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`up to ${schema.maximum}`);
  if (schema.minItems !== undefined) parts.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) parts.push(`at most ${schema.maxItems} items`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join("; ");
}

function Code({ children }: { children: string }) {
  return <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">{children}</code>;
}

function Table({ caption, heads, rows }: { caption: string; heads: string[]; rows: React.ReactNode[][] }) {
  return (
    <ScrollFrame label={caption} className="mt-3">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads cell="px-3 py-2" names={heads} />
        <tbody className="divide-y divide-border align-top">
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((cell, j) => (
                <td key={j} className="px-3 py-2">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  );
}

interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: Schema }> }>;
}

export function ApiReference({ doc }: { doc: OpenApiDocument }) {
  const paths = doc.paths as unknown as Record<string, Record<string, Operation>>;
  const schemas = doc.components.schemas as Record<string, Schema>;
  return (
    <div className="container-page max-w-5xl space-y-12 py-10">
      <header>
        <PageTitle>{doc.info.title} reference</PageTitle>
        <p className="mt-1 text-sm text-muted-foreground">Version {doc.info.version}</p>
        <p className="mt-3">{doc.info.description}</p>
        <p className="mt-3">
          The machine-readable document:{" "}
          <a className="font-semibold text-primary underline" href="/api/v1/openapi.json">
            /api/v1/openapi.json
          </a>{" "}
          (OpenAPI 3.1). Keys:{" "}
          <a className="font-semibold text-primary underline" href="/admin/api-keys">
            /admin/api-keys
          </a>
          .
        </p>
        <pre
          className="mt-4 overflow-x-auto rounded-xl bg-muted p-4 text-xs"
          tabIndex={0}
          aria-label="Example request"
        >
          {`curl -X POST ${doc.servers[0]?.url ?? ""}/api/v1/leads \\
  -H "Authorization: Bearer $LEADWORKS_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"firstName":"Jane","lastName":"Doe","phone":"+12025551234","address":"742 Evergreen Terrace",
       "city":"Springfield","state":"IL","zipCode":"62704","leadSource":"online"}'`}
        </pre>
      </header>
      <section aria-labelledby="operations-heading" className="space-y-10">
        <h2 id="operations-heading" className="text-2xl font-bold">
          Operations
        </h2>
        {Object.entries(paths).flatMap(([path, operations]) =>
          Object.entries(operations).map(([method, op]) => (
            <article
              key={`${method} ${path}`}
              id={op.operationId}
              aria-labelledby={`${op.operationId}-heading`}
            >
              <h3 id={`${op.operationId}-heading`} className="text-lg font-bold">
                <span className="mr-2 rounded bg-primary px-2 py-0.5 font-mono text-sm text-primary-foreground uppercase">
                  {method}
                </span>{" "}
                <span className="font-mono">{path}</span>{" "}
                <span className="block text-base font-semibold text-muted-foreground">{op.summary}</span>
              </h3>
              {op.description && <p className="mt-2">{op.description}</p>}
              {op.parameters && op.parameters.length > 0 && (
                <Table
                  caption={`Parameters of ${op.operationId}`}
                  heads={["Parameter", "In", "Type", "Description"]}
                  rows={op.parameters.map((p) => [
                    <Code key="n">{p.name}</Code>,
                    p.in,
                    typeOf(p.schema),
                    [p.required ? "Required. " : "", p.description ?? "", rules(p.schema)]
                      .filter(Boolean)
                      .join(" "),
                  ])}
                />
              )}
              {op.requestBody && (
                <p className="mt-3">
                  Body:{" "}
                  {Object.entries(op.requestBody.content).map(([type, { schema }]) => (
                    <span key={type}>
                      <Code>{type}</Code>, {typeOf(schema)}
                    </span>
                  ))}
                </p>
              )}
              <Table
                caption={`Answers of ${op.operationId}`}
                heads={["Status", "Meaning", "Body"]}
                rows={Object.entries(op.responses).map(([status, r]) => [
                  <Code key="s">{status}</Code>,
                  r.description,
                  Object.entries(r.content ?? {})
                    .map(([type, c]) => `${type}${c.schema ? `: ${typeOf(c.schema)}` : ""}`)
                    .join(", ") || "None",
                ])}
              />
            </article>
          )),
        )}
      </section>
      <section aria-labelledby="schemas-heading" className="space-y-8">
        <h2 id="schemas-heading" className="text-2xl font-bold">
          Schemas
        </h2>
        {Object.entries(schemas).map(([name, schema]) => (
          <article key={name} id={`schema-${name}`} aria-labelledby={`schema-${name}-heading`}>
            <h3 id={`schema-${name}-heading`} className="font-mono text-lg font-bold">
              {name}
            </h3>
            {schema.description && <p className="mt-1">{schema.description}</p>}
            {schema.properties ? (
              <Table
                caption={`Fields of ${name}`}
                heads={["Field", "Type", "Required", "Notes"]}
                rows={Object.entries(schema.properties).map(([field, property]) => [
                  <Code key="f">{field}</Code>,
                  typeOf(property),
                  schema.required?.includes(field) ? "Yes" : "No",
                  [property.description ?? "", rules(property)].filter(Boolean).join(" "),
                ])}
              />
            ) : (
              <p className="mt-2">{typeOf(schema)}</p>
            )}
          </article>
        ))}
      </section>
      <section aria-labelledby="problems-heading">
        <h2 id="problems-heading" className="text-2xl font-bold">
          Problem types
        </h2>
        <p className="mt-2">
          Every error is <Code>application/problem+json</Code> (RFC 9457) with <Code>type</Code>,{" "}
          <Code>title</Code>, <Code>status</Code> and <Code>detail</Code>; validation problems add{" "}
          <Code>errors</Code>, the messages of each field.
        </p>
        <dl className="mt-4 space-y-3">
          {Object.entries(doc["x-problem-types"]).map(([type, { status, title }]) => (
            <div key={type} id={type.split("#")[1]}>
              <dt className="font-semibold">
                {status} {title}
              </dt>
              <dd className="text-sm text-muted-foreground">
                <Code>{type}</Code>
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

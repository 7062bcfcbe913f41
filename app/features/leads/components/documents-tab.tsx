import { Download, FileText } from "lucide-react";
import { getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { LocalTime } from "~/components/ui/local-time";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { LeadActionResult } from "../lead-actions.server";
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  documentMax,
  documentMessages,
  documentSchema,
} from "../leads.schema";
import { formatBytes } from "../lead-format";
import { Card } from "./lead-card";
import type { LeadView } from "./lead-view";

/** Document cards with an authorized View download ("No documents uploaded yet" when empty) and the upload form. */
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
                  {doc.documentType} · {formatBytes(doc.sizeBytes)}
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

/** The chosen file, checked by size before it is uploaded (the server checks its bytes). */
const fileCheck = {
  name: "document",
  check(formData: FormData) {
    const file = formData.get("document");
    if (!(file instanceof File) || file.size === 0) return documentMessages.missing;
    if (file.size > DOCUMENT_MAX_BYTES) return documentMessages.tooLarge;
    return undefined;
  },
} as const;

function DocumentForm({ result }: { result?: LeadActionResult }) {
  const { fields, ...form } = useSchemaForm(documentSchema, {
    id: "document",
    reply: result,
    extraCheck: fileCheck,
  });
  const { document, documentName } = fields;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...form.formProps}
      preventScrollReset
      className="space-y-4"
      aria-label="Upload a document"
    >
      <FormStatus toast={form.shownStatus} />
      <FormField
        id={document.id}
        label="File"
        error={document.errors?.[0]}
        hint="PDF, Word, JPEG, PNG or WebP, up to 10 MB"
      >
        <Input
          {...getInputProps(document, { type: "file" })}
          accept={DOCUMENT_ACCEPT}
          className="file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:font-semibold"
        />
      </FormField>
      <FormField
        id={documentName.id}
        label="Name"
        optional
        error={documentName.errors?.[0]}
        limit={documentMax.documentName}
      >
        <Input {...getInputProps(documentName, { type: "text" })} placeholder="e.g. Purchase agreement" />
      </FormField>
      <Button type="submit" pending={form.submitting}>
        {form.submitting ? "Uploading..." : "Upload"}
      </Button>
    </Form>
  );
}

import { Upload } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { Input } from "~/components/ui/input";
import { LocalTime } from "~/components/ui/local-time";
import type { SerializeFrom } from "~/lib/serialize-from";
import { formatBytes, formatCount, personName } from "../lead-format";
import type { ImportReply } from "../import/import-actions.server";
import type { listImports } from "../import/imports.server";
import { ImportStatusBadge } from "./badges";
import { ImportProgressBar } from "./import-progress";
import { Cell, LeadTableHead, tableClasses } from "./lead-table-parts";

type Summary = SerializeFrom<typeof listImports>[number];

/**
 * The upload: a plain multipart form (works without JavaScript). The server reads the file as it
 * arrives and answers with the mapping page, or with what is wrong with the file under the field.
 */
export function ImportUploadForm({ reply }: { reply?: ImportReply }) {
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" aria-label="Upload a CSV list">
      {reply && !reply.ok && !reply.fileError && <FormStatus toast={reply.toast} />}
      <FormField
        id="import-file"
        label="CSV file"
        error={reply?.fileError}
        hint="A list of sellers with a header row: comma, semicolon or tab separated, UTF-8, up to 50 MB."
      >
        <Input
          type="file"
          name="file"
          accept=".csv,.txt,.tsv,text/csv,text/plain"
          required
          className="file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:font-semibold"
        />
      </FormField>
      <Button type="submit" pending={uploading}>
        <Upload aria-hidden="true" /> {uploading ? "Uploading…" : "Upload and map columns"}
      </Button>
    </Form>
  );
}

/** The latest imports with their state and figures; a running one shows its progress. */
export function ImportsTable({ imports }: { imports: readonly Summary[] }) {
  if (imports.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-border p-10 text-center text-muted-foreground">
        No imports yet
      </p>
    );
  }
  return (
    <div className={tableClasses.frame}>
      <table className={tableClasses.table} aria-label="Imports">
        <LeadTableHead
          columns={["File", "Uploaded", "Status", "Rows", "Imported", "Rejected", "Duplicates"]}
          actions={false}
        />
        <tbody className={tableClasses.body}>
          {imports.map((imp) => (
            <tr key={imp.id} className={tableClasses.row}>
              <Cell wide className="font-semibold">
                <Link to={`/admin/leads/import/${imp.id}`} className="break-all hover:underline">
                  {imp.fileName}
                </Link>
                <span className="block text-xs font-normal text-muted-foreground">
                  {formatBytes(imp.sizeBytes)}
                </span>
              </Cell>
              <Cell label="Uploaded">
                <LocalTime iso={imp.createdAt} />
                <span className="block text-xs text-muted-foreground">{personName(imp.creator)}</span>
              </Cell>
              <Cell label="Status">
                <ImportStatusBadge value={imp.status} />
                {(imp.status === "running" || imp.status === "queued") && (
                  <>
                    <ImportProgressBar summary={imp} className="mt-2 w-32" />
                    <span className="mt-1 block text-xs text-muted-foreground">
                      {formatCount(imp.rowsDone)} of {formatCount(imp.totalRows)} rows
                    </span>
                  </>
                )}
              </Cell>
              <Cell label="Rows">{formatCount(imp.totalRows)}</Cell>
              <Cell label="Imported">{formatCount(imp.imported)}</Cell>
              <Cell label="Rejected">{formatCount(imp.rejected)}</Cell>
              <Cell label="Duplicates">{formatCount(imp.duplicates)}</Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

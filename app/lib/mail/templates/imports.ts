/** The report to the admin who started a CSV import: it ended (with its counts) or failed (with why). */
import { composeMail, type Field } from "../compose";
import type { OutgoingMail } from "../outbox.server";
import { listUnsubscribeHeaders, notificationFooter, type OptOut } from "./opt-out";

export interface ImportReportInput {
  to: string;
  greetingName: string;
  importId: string;
  fileName: string;
  outcome: { kind: "done" } | { kind: "failed"; error: string };
  rowsDone: number;
  imported: number;
  rejected: number;
  duplicates: number;
  siteUrl: string;
  optOut?: OptOut;
}

const rows = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export function importReportMail(input: ImportReportInput): OutgoingMail {
  const importUrl = `${input.siteUrl}/admin/leads/import/${input.importId}`;
  const failed = input.outcome.kind === "failed";
  const fields: Field[] = [
    ["File", input.fileName],
    ["Leads imported", input.imported.toLocaleString("en-US")],
    ["Rows refused", input.rejected.toLocaleString("en-US")],
    ["Possible duplicates", input.duplicates.toLocaleString("en-US")],
    ...(input.outcome.kind === "failed" ? ([["Why it stopped", input.outcome.error]] as Field[]) : []),
  ];
  const summary = `${rows(input.imported, "lead", "leads")} imported, ${rows(input.rejected, "row", "rows")} refused`;
  return {
    to: input.to,
    headers: listUnsubscribeHeaders(input.optOut),
    ...composeMail({
      subject: failed ? `Import failed: ${input.fileName}` : `Import finished: ${input.fileName}`,
      preheader: failed
        ? `It stopped after ${rows(input.rowsDone, "row", "rows")}: ${summary}.`
        : `${summary}.`,
      heading: failed ? "Your import stopped" : "Your import is finished",
      paragraphs: [
        failed
          ? `Hello ${input.greetingName}, the import of ${input.fileName} stopped after ${rows(input.rowsDone, "row", "rows")}. The leads imported before it stopped are kept.`
          : `Hello ${input.greetingName}, the import of ${input.fileName} is finished: ${summary}.`,
        input.rejected > 0
          ? "The import's page lists each refused row with its reason and offers them as a CSV to fix and import again."
          : "Every row was taken.",
      ],
      fields,
      action: { label: "Open the import", url: importUrl },
      footer: notificationFooter(
        "You get this e-mail because you started this import in Leadworks and chose to hear when imports end.",
        input.optOut,
      ),
    }),
  };
}

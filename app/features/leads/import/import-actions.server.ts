/**
 * The import pages' posts (issue 13): the upload (streamed, refused with a clear message), and on an
 * import's page: update the preview, start, discard or cancel. Each answers with a toast; a refused
 * post keeps the page as it was.
 */
import { data, redirect } from "react-router";
import type { ImportCheck, ImportSettings } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { redirectWithToast } from "~/lib/flash.server";
import { parseForm } from "~/lib/form-reply";
import { notFound } from "~/lib/not-found";
import { streamMultipartFile } from "~/lib/multipart.server";
import type { Toast } from "~/lib/toast-message";
import { InvalidClientError } from "../lead-commands.server";
import { CsvFileError } from "./csv-source.server";
import { ADD_SOURCE, type ValueMapping } from "./columns";
import {
  IMPORT_MAX_BYTES,
  csvFileMessages,
  importSettingsSchema,
  postedFixes,
  postedValueMapping,
  toMapping,
} from "./import.schema";
import {
  cancelImport,
  discardImport,
  getImport,
  receiveImport,
  saveImportSettings,
  settingsProblem,
  startImport,
} from "./imports.server";
import { openSourceOptions, sourceNamed } from "../sources/sources.server";
import { chooseSource, SOURCE_LABEL_MAX, sourceLabelOf } from "../sources/sources";

/** What an import page's post answers when it does not redirect. */
export interface ImportReply {
  ok: boolean;
  toast: Toast;
  /** The upload form's message under its file field. */
  fileError?: string;
}

const refusal = (text: string, status = 400) =>
  data<ImportReply>(
    { ok: false, toast: { kind: "error", title: "Import Error", text }, fileError: text },
    { status },
  );

/** POST /admin/leads/import: the CSV file, read as it arrives; on success, its mapping page. */
export async function handleImportUpload(request: Request, actor: Actor) {
  try {
    const upload = await streamMultipartFile(
      request,
      { fieldName: "file", maxFileBytes: IMPORT_MAX_BYTES, maxFieldBytes: 1024, maxFields: 5 },
      (file, info) => receiveImport(actor, file, info.fileName),
    );
    if (!upload.ok) {
      return upload.reason === "too-large"
        ? refusal(csvFileMessages.tooLarge, 413)
        : refusal("The upload could not be read. Please try again.");
    }
    if (!upload.result) return refusal(csvFileMessages.missing);
    return redirect(`/admin/leads/import/${upload.result}`);
  } catch (error) {
    if (error instanceof CsvFileError) return refusal(error.message, 422);
    throw error;
  }
}

/**
 * The sources the admin chose to add ("add it as a new source"), added as the import starts: each such
 * choice becomes the new source's key, so the job and the remembered choices name a real source. A value
 * whose name a retired source holds, or that the check no longer lists, imports as unmatched.
 */
async function addChosenSources(actor: Actor, values: ValueMapping | undefined, check: ImportCheck | null) {
  const chosen = values?.leadSource;
  if (!chosen) return values;
  const inFile = new Map((check?.values.leadSource?.values ?? []).map((v) => [v.key, v.value]));
  const sources: Record<string, string> = {};
  for (const [key, target] of Object.entries(chosen)) {
    if (target !== ADD_SOURCE) {
      sources[key] = target;
      continue;
    }
    const label = sourceLabelOf(inFile.get(key) ?? "");
    const added = label && label.length <= SOURCE_LABEL_MAX ? await sourceNamed(actor, label) : null;
    if (added) sources[key] = added;
  }
  return { ...values, leadSource: sources };
}

/** POST /admin/leads/import/:id: `intent` preview, start, discard or cancel. */
export async function handleImportPost(request: Request, actor: Actor, id: string) {
  const detail = await getImport(actor, id);
  if (!detail) throw notFound("Import not found");
  const form = await request.formData();
  const intent = form.get("intent");
  const here = `/admin/leads/import/${detail.id}`;

  if (intent === "cancel") {
    const cancelled = await cancelImport(actor, detail.id);
    return redirectWithToast(request, here, {
      kind: cancelled ? "success" : "error",
      title: cancelled ? "Import cancelled" : "Import Error",
      text: cancelled
        ? "The leads imported so far stay; the rest of the file is not imported."
        : "This import is no longer running.",
    });
  }
  if (intent === "discard") {
    const discarded = await discardImport(actor, detail.id);
    return redirectWithToast(request, "/admin/leads/import", {
      kind: discarded ? "success" : "error",
      title: discarded ? "Upload discarded" : "Import Error",
      text: discarded ? `${detail.fileName} was removed.` : "This import has already started.",
    });
  }
  if (intent !== "preview" && intent !== "start") return refusal("Unknown action");

  const submission = parseForm(form, importSettingsSchema);
  if (submission.status !== "success") {
    return refusal(Object.values(submission.error ?? {}).flat()[0] ?? "Check the import settings.");
  }
  const input = submission.value;
  const keptSource = detail.settings?.defaults.leadSource;
  const sources = await openSourceOptions();
  if (input.leadSource !== keptSource && !sources.some((s) => s.value === input.leadSource)) {
    return refusal(chooseSource);
  }
  const values = postedValueMapping(form, detail.settings?.values, sources);
  if (!values.ok) return refusal(values.message);
  const fixes = postedFixes(form, detail.settings?.fixes, detail.check?.failing ?? [], detail.headers.length);
  if (!fixes.ok) return refusal(fixes.message);
  const settings: ImportSettings = {
    // One target per column of the file, whatever number of selects came back.
    mapping: detail.headers.map((_, i) => toMapping(input.mapping)[i] ?? null),
    defaults: {
      propertyType: input.propertyType,
      motivationLevel: input.motivationLevel,
      leadSource: input.leadSource,
    },
    values: values.values,
    fixes: fixes.fixes,
    assignToClientId: input.assignToClientId,
    duplicates: input.duplicates,
  };
  try {
    if (intent === "preview") {
      if (!(await saveImportSettings(actor, detail.id, settings))) {
        return refusal("This import has already started; its settings can no longer change.", 409);
      }
      return { ok: true, toast: { kind: "success", title: "Preview updated" } } satisfies ImportReply;
    }
    const problem = settingsProblem(settings);
    if (problem) {
      await saveImportSettings(actor, detail.id, settings, { check: false });
      return refusal(problem);
    }
    settings.values = await addChosenSources(actor, settings.values, detail.check);
    if (!(await startImport(actor, detail.id, settings))) {
      return refusal("This import has already started.", 409);
    }
  } catch (error) {
    if (error instanceof InvalidClientError) return refusal("Invalid client ID");
    throw error;
  }
  return redirectWithToast(request, here, {
    kind: "success",
    title: "Import started",
    text: `${detail.totalRows.toLocaleString("en-US")} rows are being imported. You can leave this page.`,
  });
}

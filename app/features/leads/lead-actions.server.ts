/**
 * The POSTs of the admin lead pages: create (Create New Lead), and on the detail page status, assignment,
 * sold price, activity, document upload and delete. Each validates with the shared schema, answers with
 * the catalogue's toasts (spec 02 §8) and, for field forms, the errors and values to refill.
 */
import { data } from "react-router";
import type { Actor } from "~/lib/actor";
import { rethrowRefusal } from "~/lib/permissions";
import {
  detectDocumentKind,
  detectImageKind,
  documentContentTypes,
  imageContentTypes,
  safeFileName,
} from "~/lib/files/document-type";
import { fieldErrorsOf, textValues, type FormActionResult } from "~/lib/form-errors";
import { formToasts } from "~/lib/form-toasts";
import { redirectWithToast } from "~/lib/flash.server";
import { parseMultipart } from "~/lib/multipart.server";
import type { Toast } from "~/lib/toast";
import {
  activitySchema,
  assignSchema,
  feedbackSchema,
  DOCUMENT_MAX_BYTES,
  documentMax,
  documentMessages,
  documentSchema,
  leadDetailFields,
  leadDetailsSchema,
  leadFields,
  leadSchema,
  soldPriceSchema,
  statusSchema,
  type ActivityField,
  type FeedbackField,
  type LeadField,
  type LeadInput,
} from "./leads.schema";
import { submitFeedback } from "./client-leads.server";
import {
  addActivity,
  addDocument,
  assignLead,
  createLead,
  deleteLead,
  InvalidClientError,
  setSoldPrice,
  updateLeadDetails,
  updateLeadStatus,
} from "./leads.server";

export const leadToasts = {
  created: { kind: "success", title: "Success", text: "Lead created successfully" },
  updated: { kind: "success", title: "Success", text: "Lead updated successfully" },
  deleted: { kind: "success", title: "Success", text: "Lead deleted successfully" },
  feedback: { kind: "success", title: "Success", text: "Your feedback has been submitted" },
  notFound: { kind: "error", title: "Error", text: "Lead not found" },
  failed: { kind: "error", title: "Error", text: "The change could not be saved. Please try again." },
} as const satisfies Record<string, Toast>;

const errorToast = (text: string): Toast => ({ kind: "error", title: "Error", text });

// ---------------------------------------------------------------- create and edit

type LeadFormResult = FormActionResult<LeadField>;

/**
 * The lead form's POST: creates a lead (no `leadId`, then back to the list) or corrects one's details
 * (then back to its page). The edit form has no assignment: a posted one is ignored.
 */
export async function handleLeadForm(request: Request, actor: Actor, leadId?: string) {
  const editing = leadId !== undefined;
  const form = await request.formData();
  const values = textValues(form, editing ? leadDetailFields : leadFields);
  const parsed = (editing ? leadDetailsSchema : leadSchema).safeParse(values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf<LeadField>(parsed.error);
    return data<LeadFormResult>(
      { ok: false, toast: formToasts.validation, fieldErrors, values },
      { status: 400 },
    );
  }
  try {
    if (!editing) {
      // Not editing: parsed by leadSchema, so the assignment is there.
      await createLead(actor, parsed.data as LeadInput);
      return redirectWithToast(request, "/admin/leads", leadToasts.created);
    }
    if (!(await updateLeadDetails(actor, leadId, parsed.data))) {
      return data<LeadFormResult>({ ok: false, toast: leadToasts.notFound }, { status: 404 });
    }
    return redirectWithToast(request, `/admin/leads/${leadId}`, leadToasts.updated);
  } catch (error) {
    if (error instanceof InvalidClientError) {
      const fieldErrors = { assignedToClientId: error.message };
      return data<LeadFormResult>(
        { ok: false, toast: errorToast(error.message), fieldErrors, values },
        { status: 400 },
      );
    }
    rethrowRefusal(error);
    console.warn(`[leads] ${editing ? "edit" : "create"} failed:`, (error as Error).message);
    return data<LeadFormResult>({ ok: false, toast: leadToasts.failed, values }, { status: 500 });
  }
}

// ---------------------------------------------------------------- the detail page

export type LeadIntent = "status" | "assign" | "sold-price" | "activity" | "document" | "delete";

export interface LeadActionResult extends FormActionResult<
  ActivityField | "soldPrice" | "document" | "documentName" | "assignedToClientId"
> {
  intent: LeadIntent | null;
}

const answer = (result: LeadActionResult, status = result.ok ? 200 : 400) =>
  data<LeadActionResult>(result, { status });

/** Runs one change; a missing lead is 404 with the catalogue's 'Lead not found'. */
async function change(intent: LeadIntent, run: () => Promise<boolean>) {
  try {
    if (!(await run())) return answer({ ok: false, intent, toast: leadToasts.notFound }, 404);
    return answer({ ok: true, intent, toast: leadToasts.updated });
  } catch (error) {
    if (error instanceof InvalidClientError) {
      return answer({
        ok: false,
        intent,
        toast: errorToast(error.message),
        fieldErrors: { assignedToClientId: error.message },
      });
    }
    rethrowRefusal(error);
    console.warn(`[leads] ${intent} failed:`, (error as Error).message);
    return answer({ ok: false, intent, toast: leadToasts.failed }, 500);
  }
}

export async function handleLeadPost(request: Request, actor: Actor, leadId: string) {
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    return handleDocumentUpload(request, actor, leadId);
  }
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;

  switch (intent) {
    case "status": {
      const parsed = statusSchema.safeParse(fields);
      if (!parsed.success) return answer({ ok: false, intent, toast: errorToast("Choose a valid status") });
      return change(intent, () => updateLeadStatus(actor, leadId, parsed.data.leadStatus));
    }
    case "assign": {
      const parsed = assignSchema.safeParse({ assignedToClientId: fields.assignedToClientId ?? "" });
      if (!parsed.success) {
        return answer({
          ok: false,
          intent,
          toast: errorToast("Invalid client ID"),
          fieldErrors: { assignedToClientId: "Invalid client ID" },
        });
      }
      return change(intent, () => assignLead(actor, leadId, parsed.data.assignedToClientId));
    }
    case "sold-price": {
      const parsed = soldPriceSchema.safeParse({ soldPrice: fields.soldPrice ?? "" });
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf<"soldPrice">(parsed.error);
        return answer({
          ok: false,
          intent,
          toast: formToasts.validation,
          fieldErrors,
          values: { soldPrice: fields.soldPrice ?? "" },
        });
      }
      return change(intent, () => setSoldPrice(actor, leadId, parsed.data.soldPrice));
    }
    case "activity": {
      const values = textValues(fields, ["activityType", "description"]);
      const parsed = activitySchema.safeParse(values);
      if (!parsed.success) {
        return answer({
          ok: false,
          intent,
          toast: formToasts.validation,
          fieldErrors: fieldErrorsOf<ActivityField>(parsed.error),
          values,
        });
      }
      return change(intent, () => addActivity(actor, leadId, parsed.data));
    }
    case "delete": {
      try {
        if (!(await deleteLead(actor, leadId)))
          return answer({ ok: false, intent, toast: leadToasts.notFound }, 404);
      } catch (error) {
        rethrowRefusal(error);
        console.warn("[leads] delete failed:", (error as Error).message);
        return answer({ ok: false, intent, toast: leadToasts.failed }, 500);
      }
      return redirectWithToast(request, "/admin/leads", leadToasts.deleted);
    }
    default:
      return answer({ ok: false, intent: null, toast: errorToast("Unknown request") });
  }
}

async function handleDocumentUpload(request: Request, actor: Actor, leadId: string) {
  const intent = "document" as const;
  const body = await parseMultipart(request, {
    maxFileBytes: DOCUMENT_MAX_BYTES,
    maxFiles: 1,
    maxFieldBytes: 4 * 1024,
    maxFields: 10,
  });
  const values = { documentName: body.fields.documentName ?? "" };
  if (!body.ok) {
    const tooLarge = body.reason === "too-large";
    return data<LeadActionResult>(
      {
        ok: false,
        intent,
        toast: errorToast(
          tooLarge ? documentMessages.tooLarge : "The upload could not be read. Please try again.",
        ),
        fieldErrors: tooLarge ? { document: documentMessages.tooLarge } : undefined,
        values,
      },
      // The server closes the connection if the rest of the body is still arriving.
      { status: tooLarge ? 413 : 400 },
    );
  }
  const upload = body.files.find((file) => file.fieldName === "document" && file.bytes.length > 0);
  const documentKind = upload ? detectDocumentKind(upload.bytes) : null;
  const imageKind = upload && !documentKind ? detectImageKind(upload.bytes) : null;
  const kind = documentKind ?? imageKind;
  const parsed = documentSchema.safeParse(values);
  const fieldErrors: LeadActionResult["fieldErrors"] = !upload
    ? { document: documentMessages.missing }
    : !kind
      ? { document: documentMessages.wrongType }
      : parsed.success
        ? undefined
        : fieldErrorsOf<"documentName">(parsed.error);
  if (fieldErrors || !upload || !kind || !parsed.success) {
    const text = Object.values(fieldErrors ?? {})[0] ?? documentMessages.missing;
    return answer({ ok: false, intent, toast: errorToast(text), fieldErrors, values });
  }
  // Unnamed: the file's own name, without its extension.
  const name =
    parsed.data.documentName ||
    upload.fileName
      .replace(/\.[^.]*$/, "")
      .trim()
      .slice(0, documentMax.documentName);
  const contentType = documentKind ? documentContentTypes[documentKind] : imageContentTypes[imageKind!];
  return change(intent, () =>
    addDocument(actor, leadId, {
      name: name || "Document",
      fileName: safeFileName(upload.fileName, kind, "document"),
      contentType,
      kind,
      bytes: upload.bytes,
    }),
  );
}

// ---------------------------------------------------------------- the client's feedback

export type FeedbackResult = FormActionResult<FeedbackField>;

/** A client's feedback on one of their leads (spec 02 §4); a lead that is not theirs is 'Lead not found'. */
export async function handleFeedbackPost(request: Request, actor: Actor, leadId: string) {
  const form = await request.formData();
  const values = textValues(form, ["feedbackStatus", "notes"]);
  const parsed = feedbackSchema.safeParse(values);
  if (!parsed.success) {
    return data<FeedbackResult>(
      {
        ok: false,
        toast: formToasts.validation,
        fieldErrors: fieldErrorsOf<FeedbackField>(parsed.error),
        values,
      },
      { status: 400 },
    );
  }
  try {
    if (!(await submitFeedback(actor, leadId, parsed.data))) {
      return data<FeedbackResult>({ ok: false, toast: leadToasts.notFound }, { status: 404 });
    }
  } catch (error) {
    rethrowRefusal(error);
    console.warn("[leads] feedback failed:", (error as Error).message);
    return data<FeedbackResult>({ ok: false, toast: leadToasts.failed, values }, { status: 500 });
  }
  return data<FeedbackResult>({ ok: true, toast: leadToasts.feedback });
}

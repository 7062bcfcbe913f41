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
import { parseForm, type FormReply } from "~/lib/form-reply";
import { formToasts } from "~/lib/form-toasts";
import { redirectWithToast } from "~/lib/flash.server";
import { parseMultipart } from "~/lib/multipart.server";
import { type Toast, errorToast } from "~/lib/toast-message";
import {
  activitySchema,
  assignSchema,
  capChoiceOf,
  feedbackSchema,
  DOCUMENT_MAX_BYTES,
  documentMax,
  documentMessages,
  documentSchema,
  leadDetailsSchema,
  leadSchema,
  soldPriceSchema,
  statusSchema,
  type LeadInput,
} from "./leads.schema";
import { capMessages, type OverCap } from "./agreements/capacity";
import { noAgreementNote } from "./agreements/agreements.server";
import { submitFeedback } from "./client-leads.server";
import { findPossibleDuplicates, type PossibleDuplicate } from "./lead-queries.server";
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
} from "./lead-commands.server";
import { log } from "~/lib/log.server";
import { invalidField, invalidForm } from "~/lib/form-reply.server";
import { assignmentNotice } from "./assignment-notice.server";
import { UnknownSourceError } from "./sources/sources.server";
import { chooseSource } from "./sources/sources";

export const leadToasts = {
  created: { kind: "success", title: "Success", text: "Lead created successfully" },
  updated: { kind: "success", title: "Success", text: "Lead updated successfully" },
  deleted: { kind: "success", title: "Success", text: "Lead deleted successfully" },
  feedback: { kind: "success", title: "Success", text: "Your feedback has been submitted" },
  notFound: errorToast("Lead not found"),
  failed: errorToast("The change could not be saved. Please try again."),
  possibleDuplicate: {
    kind: "error",
    title: "Possible duplicate",
    text: "A lead with this phone or address already exists. Check it below, or create this one anyway.",
  },
  possibleDuplicateEdit: {
    kind: "error",
    title: "Possible duplicate",
    text: "Another lead has this phone or address. Check it below, or save anyway.",
  },
} as const satisfies Record<string, Toast>;

/** The lead form's answer: a FormReply, with the possible duplicates when it stopped for them. */
export interface LeadFormReply extends FormReply {
  duplicates?: PossibleDuplicate[];
}

// ---------------------------------------------------------------- create and edit

/**
 * The lead form's POST: creates a lead (no `leadId`, then back to the list) or corrects one's details
 * (then back to its page). The edit form has no assignment: a posted one is ignored.
 */
export async function handleLeadForm(request: Request, actor: Actor, leadId?: string) {
  const editing = leadId !== undefined;
  const form = await request.formData();
  const submission = parseForm(form, editing ? leadDetailsSchema : leadSchema);
  if (submission.status !== "success") {
    return invalidForm(submission.reply());
  }
  // A lead that may already exist (same phone, or same address and ZIP5): say so with links, unless the
  // admin chose "Create anyway" / "Save anyway" (the submit button's allowDuplicate).
  if (form.get("allowDuplicate") !== "yes") {
    const { phone, address, zipCode } = submission.value;
    const duplicates = await findPossibleDuplicates(actor, { phone, address, zipCode }, leadId);
    if (duplicates.length > 0) {
      const toast = editing ? leadToasts.possibleDuplicateEdit : leadToasts.possibleDuplicate;
      return data<LeadFormReply>({ ok: false, toast, result: submission.reply(), duplicates });
    }
  }
  try {
    if (!editing) {
      // Not editing: parsed by leadSchema, so the assignment is there.
      await createLead(actor, submission.value as LeadInput);
      return redirectWithToast(request, "/admin/leads", leadToasts.created);
    }
    if (!(await updateLeadDetails(actor, leadId, submission.value))) {
      return data<FormReply>(
        { ok: false, toast: leadToasts.notFound, result: submission.reply() },
        { status: 404 },
      );
    }
    return redirectWithToast(request, `/admin/leads/${leadId}`, leadToasts.updated);
  } catch (error) {
    if (error instanceof InvalidClientError) {
      return invalidField(submission, "assignedToClientId", error.message);
    }
    if (error instanceof UnknownSourceError) {
      return invalidField(submission, "leadSource", chooseSource);
    }
    rethrowRefusal(error);
    log.warn({ error }, `[leads] ${editing ? "edit" : "create"} failed`);
    return data<FormReply>(
      { ok: false, toast: leadToasts.failed, result: submission.reply() },
      { status: 500 },
    );
  }
}

// ---------------------------------------------------------------- the detail page

export type LeadIntent = "status" | "assign" | "sold-price" | "activity" | "document" | "delete";

export interface LeadActionResult extends FormReply {
  intent: LeadIntent | null;
  /** An assignment past the client's monthly cap, not made: what to ask the admin (issue 24). */
  overCap?: OverCap;
  /** What an assignment did and to whom, said beside the spec's toast. */
  done?: string;
  /** Said beside the answer's toast, which keeps the spec's words (a client without an agreement). */
  note?: string;
}

// A question (an assignment past the cap) is not a refusal: 200, as the bulk form's questions.
const answer = (result: LeadActionResult, status = result.ok || result.overCap ? 200 : 400) =>
  data<LeadActionResult>(result, { status });

type Checked = ReturnType<typeof parseForm>;

/**
 * Runs one change; a missing lead is 404 with the catalogue's 'Lead not found'. `submission` is the
 * checked form the change came from: its reply refills the form, or resets it after success. A change
 * that has more to say than done or not answers in its own words.
 */
async function change(
  intent: LeadIntent,
  submission: Checked,
  run: () => Promise<boolean | LeadActionResult>,
) {
  try {
    const done = await run();
    if (!done) {
      return answer({ ok: false, intent, toast: leadToasts.notFound, result: submission.reply() }, 404);
    }
    if (done !== true) return answer(done);
    return answer({
      ok: true,
      intent,
      toast: leadToasts.updated,
      result: submission.reply({ resetForm: true }),
    });
  } catch (error) {
    if (error instanceof InvalidClientError) {
      return answer({
        ok: false,
        intent,
        toast: errorToast(error.message),
        result: submission.reply({ fieldErrors: { assignedToClientId: [error.message] } }),
      });
    }
    rethrowRefusal(error);
    log.warn({ error }, `[leads] ${intent} failed`);
    return answer({ ok: false, intent, toast: leadToasts.failed, result: submission.reply() }, 500);
  }
}

export async function handleLeadPost(request: Request, actor: Actor, leadId: string) {
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    return handleDocumentUpload(request, actor, leadId);
  }
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  switch (intent) {
    case "status": {
      const submission = parseForm(form, statusSchema);
      if (submission.status !== "success") {
        return answer({ ok: false, intent, toast: errorToast("Choose a valid status") });
      }
      const { leadStatus } = submission.value;
      return change(intent, submission, () => updateLeadStatus(actor, leadId, leadStatus));
    }
    case "assign": {
      const submission = parseForm(form, assignSchema);
      if (submission.status !== "success") {
        return answer({
          ok: false,
          intent,
          toast: errorToast("Invalid client ID"),
          result: submission.reply({ fieldErrors: { assignedToClientId: ["Invalid client ID"] } }),
        });
      }
      const { assignedToClientId, capChoice } = submission.value;
      return change(intent, submission, async () => {
        const done = await assignLead(actor, leadId, assignedToClientId, capChoiceOf(capChoice));
        if (typeof done !== "boolean") {
          const { overCap } = done;
          return {
            ok: false,
            intent,
            toast: capMessages.toastOf(overCap),
            result: submission.reply(),
            overCap,
          };
        }
        if (!done) return false;
        const note = assignedToClientId ? await noAgreementNote(actor, assignedToClientId) : null;
        return {
          ok: true,
          intent,
          toast: leadToasts.updated,
          result: submission.reply({ resetForm: true }),
          done: await assignmentNotice(assignedToClientId),
          ...(note && { note: `${note}.` }),
        };
      });
    }
    case "sold-price": {
      const submission = parseForm(form, soldPriceSchema);
      if (submission.status !== "success") {
        return answer({ ok: false, intent, toast: formToasts.validation, result: submission.reply() });
      }
      const { soldPrice } = submission.value;
      return change(intent, submission, () => setSoldPrice(actor, leadId, soldPrice));
    }
    case "activity": {
      const submission = parseForm(form, activitySchema);
      if (submission.status !== "success") {
        return answer({ ok: false, intent, toast: formToasts.validation, result: submission.reply() });
      }
      const activity = submission.value;
      return change(intent, submission, () => addActivity(actor, leadId, activity));
    }
    case "delete": {
      try {
        if (!(await deleteLead(actor, leadId)))
          return answer({ ok: false, intent, toast: leadToasts.notFound }, 404);
      } catch (error) {
        rethrowRefusal(error);
        log.warn({ error }, "[leads] delete failed");
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
  const submission = parseForm(new URLSearchParams(body.fields), documentSchema);
  if (!body.ok) {
    const tooLarge = body.reason === "too-large";
    return data<LeadActionResult>(
      {
        ok: false,
        intent,
        toast: errorToast(
          tooLarge ? documentMessages.tooLarge : "The upload could not be read. Please try again.",
        ),
        result: submission.reply(tooLarge ? { fieldErrors: { document: [documentMessages.tooLarge] } } : {}),
      },
      // The server closes the connection if the rest of the body is still arriving.
      { status: tooLarge ? 413 : 400 },
    );
  }
  const upload = body.files.find((file) => file.fieldName === "document" && file.bytes.length > 0);
  const documentKind = upload ? detectDocumentKind(upload.bytes) : null;
  const imageKind = upload && !documentKind ? detectImageKind(upload.bytes) : null;
  const kind = documentKind ?? imageKind;
  const fileError = !upload ? documentMessages.missing : !kind ? documentMessages.wrongType : undefined;
  if (fileError || !upload || !kind || submission.status !== "success") {
    const nameError = submission.status === "success" ? undefined : submission.error?.documentName?.[0];
    const text = fileError ?? nameError ?? documentMessages.missing;
    const result = submission.reply(fileError ? { fieldErrors: { document: [fileError] } } : {});
    // The file's error is the one shown: the name's waits until a file is accepted, as before.
    if (fileError && result.error) delete result.error.documentName;
    return answer({ ok: false, intent, toast: errorToast(text), result });
  }
  // Unnamed: the file's own name, without its extension.
  const name =
    submission.value.documentName ||
    upload.fileName
      .replace(/\.[^.]*$/, "")
      .trim()
      .slice(0, documentMax.documentName);
  const contentType = documentKind ? documentContentTypes[documentKind] : imageContentTypes[imageKind!];
  return change(intent, submission, () =>
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

export type FeedbackResult = FormReply;

/** A client's feedback on one of their leads (spec 02 §4); a lead that is not theirs is 'Lead not found'. */
export async function handleFeedbackPost(request: Request, actor: Actor, leadId: string) {
  return handleFeedbackForm(await request.formData(), actor, leadId);
}

/** The feedback buttons' values, read by the client lead page's one POST handler. */
export async function handleFeedbackForm(form: FormData, actor: Actor, leadId: string) {
  const submission = parseForm(form, feedbackSchema);
  if (submission.status !== "success") {
    return invalidForm<FeedbackResult>(submission.reply());
  }
  try {
    if (!(await submitFeedback(actor, leadId, submission.value))) {
      return data<FeedbackResult>(
        { ok: false, toast: leadToasts.notFound, result: submission.reply() },
        { status: 404 },
      );
    }
  } catch (error) {
    rethrowRefusal(error);
    log.warn({ error }, "[leads] feedback failed");
    return data<FeedbackResult>(
      { ok: false, toast: leadToasts.failed, result: submission.reply() },
      { status: 500 },
    );
  }
  return data<FeedbackResult>({
    ok: true,
    toast: leadToasts.feedback,
    result: submission.reply({ resetForm: true }),
  });
}

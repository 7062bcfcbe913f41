/** The job application's POST: stream the upload with its limits, check the resume's bytes, submit. */
import { data } from "react-router";
import { detectDocumentKind } from "~/lib/files/document-type";
import { parseForm, type FormReply } from "~/lib/form-reply";
import { invalidForm } from "~/lib/form-reply.server";
import { formToasts, uploadErrorToast } from "~/lib/form-toasts";
import { parseMultipart } from "~/lib/multipart.server";
import { clientIp } from "~/lib/request-context";
import { failureToast } from "~/lib/submission-errors";
import { careerSchema, RESUME_MAX_BYTES, resumeMessages } from "./careers.schema";
import { submitCareerApplication, type Resume } from "./careers.server";
import { log } from "~/lib/log.server";

export const HONEYPOT_FIELD = "website";

export async function handleCareerPost(request: Request, context: unknown) {
  const parsedBody = await parseMultipart(request, {
    maxFileBytes: RESUME_MAX_BYTES,
    maxFiles: 1,
    maxFieldBytes: 16 * 1024,
    maxFields: 20,
  });
  // The text fields go through the same schema as in the browser; the resume is checked by its bytes.
  const submission = parseForm(new URLSearchParams(parsedBody.fields), careerSchema);
  if (!parsedBody.ok) {
    if (parsedBody.reason === "too-large") {
      return data<FormReply>(
        {
          ok: false,
          toast: uploadErrorToast(resumeMessages.tooLarge),
          result: submission.reply({ fieldErrors: { resume: [resumeMessages.tooLarge] } }),
        },
        // The server closes the connection if the rest of the body is still arriving.
        { status: 413 },
      );
    }
    return invalidForm(submission.reply(), { toast: formToasts.unexpected });
  }
  if ((parsedBody.fields[HONEYPOT_FIELD] ?? "") !== "") {
    return data<FormReply>({
      ok: true,
      toast: formToasts.careerSent,
      result: submission.reply({ resetForm: true }),
    });
  }

  const upload = parsedBody.files.find((file) => file.fieldName === "resume");
  let resume: Resume | undefined;
  let resumeError: string | undefined;
  if (upload) {
    const kind = detectDocumentKind(upload.bytes);
    if (!kind) resumeError = resumeMessages.wrongType;
    else resume = { originalName: upload.fileName, kind, bytes: upload.bytes };
  }
  if (submission.status !== "success" || resumeError) {
    const onlyTheFile = submission.status === "success";
    const toast = onlyTheFile && resumeError ? uploadErrorToast(resumeError) : formToasts.validation;
    return invalidForm(submission.reply(resumeError ? { fieldErrors: { resume: [resumeError] } } : {}), {
      toast,
    });
  }

  try {
    const result = await submitCareerApplication(submission.value, resume, { ip: clientIp(context) });
    if (result.status === "rate-limited") {
      return data<FormReply>(
        { ok: false, toast: formToasts.careerLimit, result: submission.reply() },
        { status: 429 },
      );
    }
    return data<FormReply>({
      ok: true,
      toast: formToasts.careerSent,
      result: submission.reply({ resetForm: true }),
    });
  } catch (error) {
    log.warn({ error }, "[careers] submission failed");
    const toast = failureToast(error, formToasts.careerFailed);
    return data<FormReply>({ ok: false, toast, result: submission.reply() }, { status: 500 });
  }
}

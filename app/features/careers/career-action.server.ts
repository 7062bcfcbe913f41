/** The job application's POST: stream the upload with its limits, check the resume's bytes, submit. */
import { data } from "react-router";
import { detectDocumentKind } from "~/lib/files/document-type";
import { fieldErrorsOf, textValues, type FormActionResult } from "~/lib/form-errors";
import { formToasts, uploadErrorToast } from "~/lib/form-toasts";
import { parseMultipart } from "~/lib/multipart.server";
import { clientIp } from "~/lib/request-context";
import { failureToast } from "~/lib/submission-errors";
import {
  careerFields,
  careerSchema,
  RESUME_MAX_BYTES,
  resumeMessages,
  type CareerField,
} from "./careers.schema";
import { submitCareerApplication, type Resume } from "./careers.server";

export const HONEYPOT_FIELD = "website";

type Result = FormActionResult<CareerField>;

export async function handleCareerPost(request: Request, context: unknown) {
  const parsedBody = await parseMultipart(request, {
    maxFileBytes: RESUME_MAX_BYTES,
    maxFiles: 1,
    maxFieldBytes: 16 * 1024,
    maxFields: 20,
  });
  const values = textValues(parsedBody.fields, careerFields);
  if (!parsedBody.ok) {
    if (parsedBody.reason === "too-large") {
      return data<Result>(
        {
          ok: false,
          toast: uploadErrorToast(resumeMessages.tooLarge),
          fieldErrors: { resume: resumeMessages.tooLarge },
          values,
        },
        // The server closes the connection if the rest of the body is still arriving.
        { status: 413 },
      );
    }
    return data<Result>({ ok: false, toast: formToasts.unexpected, values }, { status: 400 });
  }
  if ((parsedBody.fields[HONEYPOT_FIELD] ?? "") !== "") {
    return data<Result>({ ok: true, toast: formToasts.careerSent });
  }

  const parsed = careerSchema.safeParse(values);
  const fieldErrors = parsed.success ? {} : fieldErrorsOf<CareerField>(parsed.error);
  const upload = parsedBody.files.find((file) => file.fieldName === "resume");
  let resume: Resume | undefined;
  if (upload) {
    const kind = detectDocumentKind(upload.bytes);
    if (!kind) fieldErrors.resume = resumeMessages.wrongType;
    else resume = { originalName: upload.fileName, kind, bytes: upload.bytes };
  }
  if (!parsed.success || fieldErrors.resume) {
    const onlyTheFile = parsed.success && fieldErrors.resume;
    return data<Result>(
      {
        ok: false,
        toast: onlyTheFile ? uploadErrorToast(fieldErrors.resume!) : formToasts.validation,
        fieldErrors,
        values,
      },
      { status: 400 },
    );
  }

  try {
    const result = await submitCareerApplication(parsed.data, resume, { ip: clientIp(context) });
    if (result.status === "rate-limited") {
      return data<Result>({ ok: false, toast: formToasts.careerLimit, values }, { status: 429 });
    }
    return data<Result>({ ok: true, toast: formToasts.careerSent });
  } catch (error) {
    console.warn("[careers] submission failed:", (error as Error).message);
    const toast = failureToast(error, formToasts.careerFailed);
    return data<Result>({ ok: false, toast, values }, { status: 500 });
  }
}

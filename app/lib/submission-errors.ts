import { formToasts } from "./form-toasts";
import type { Toast } from "./toast-message";

/** Which step of a submission failed, so the action can show the catalogue's toast for it. */
export class SubmissionStepError extends Error {
  constructor(
    readonly step: "rate-check" | "insert",
    cause: unknown,
  ) {
    super(`${step} failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = "SubmissionStepError";
  }
}

/** Runs `work`, tagging any failure with the step it happened in. */
export async function step<T>(name: SubmissionStepError["step"], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof SubmissionStepError ? error : new SubmissionStepError(name, error);
  }
}

/** The catalogue's toast for a failed submission: rate check, insert (the form's own text), or unexpected. */
export function failureToast(error: unknown, insertFailed: Toast): Toast {
  if (!(error instanceof SubmissionStepError)) return formToasts.unexpected;
  return error.step === "rate-check" ? formToasts.rateCheckFailed : insertFailed;
}

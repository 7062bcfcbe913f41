/**
 * The account forms' browser half: the shared form feedback, fed the server's answer explicitly because
 * /auth and /admin/users hold several forms on one route and only the one that posted should react.
 */
import type { RefObject } from "react";
import type { z } from "zod";
import type { FormActionResult } from "~/lib/form-errors";
import { useFormFeedback } from "~/lib/use-form-feedback";

export function useAuthForm<F extends string>(
  schema: z.ZodObject,
  result: FormActionResult | undefined,
  formRef: RefObject<HTMLFormElement | null>,
) {
  return useFormFeedback<F>(schema, formRef, { result: result as FormActionResult<F> | undefined });
}

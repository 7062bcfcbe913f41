/**
 * The answers an action gives a form it refuses (ADR 017). One place, so every refused form answers
 * alike: status 400, `ok: false`, a toast, and Conform's result that puts each message at its field.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { FormReply } from "./form-reply";
import { formToasts } from "./form-toasts";
import { errorToast, type Toast } from "./toast-message";

/**
 * What a refusal adds to `ok`, `toast` and `result`: the fields the page's reply type adds (the intent
 * that was refused), required when it has any, and a toast other than the default.
 */
type Refusal<Reply extends FormReply> = Omit<Reply, keyof FormReply> & { toast?: Toast };
type RefusalArgs<Reply extends FormReply> =
  object extends Omit<Reply, keyof FormReply> ? [refusal?: Refusal<Reply>] : [refusal: Refusal<Reply>];

/** A form whose fields were refused; the toast defaults to the spec's "Please check the form for errors." */
export function invalidForm<Reply extends FormReply = FormReply>(
  result: SubmissionResult<string[]>,
  ...[refusal]: RefusalArgs<Reply>
) {
  const { toast = formToasts.validation, ...extra } = refusal ?? {};
  // A cast TypeScript cannot prove: `extra` is exactly what Reply adds to FormReply.
  return data<Reply>({ ...extra, ok: false, toast, result } as unknown as Reply, { status: 400 });
}

/** A post that matches no form of the page (an unknown intent, a missing id): nothing to show at a field. */
export function invalidRequest<Reply extends FormReply = FormReply>(...[refusal]: RefusalArgs<Reply>) {
  const { toast = errorToast("Invalid request"), ...extra } = refusal ?? {};
  return data<Reply>({ ...extra, ok: false, toast } as unknown as Reply, { status: 400 });
}

/** What `invalidField` needs of Conform's submission: its reply with messages added at fields. */
interface Replyable {
  reply(options?: { fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
}

/**
 * A field refused by a check beside the schema (a client that no longer exists, a file's content): the
 * message under the field and, unless told otherwise, in the toast.
 */
export function invalidField<Reply extends FormReply = FormReply>(
  submission: Replyable,
  field: string,
  message: string,
  ...[refusal]: RefusalArgs<Reply>
) {
  const result = submission.reply({ fieldErrors: { [field]: [message] } });
  const toast: Toast = refusal?.toast ?? errorToast(message);
  return invalidForm<Reply>(result, ...([{ ...refusal, toast }] as RefusalArgs<Reply>));
}

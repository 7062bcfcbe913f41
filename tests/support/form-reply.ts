import type { FormReply } from "~/lib/form-reply";

/**
 * An action's FormReply as the tests read it: everything but Conform's result as it is, then the first
 * message under each field (what the form shows) and the values the form is refilled with.
 */
export function readReply<R extends FormReply>(reply: R) {
  const { result, ...rest } = reply;
  const errors = Object.entries(result?.error ?? {}).flatMap(([name, messages]) =>
    name && messages?.[0] ? [[name, messages[0]] as const] : [],
  );
  return {
    ...rest,
    ...(errors.length > 0 ? { fieldErrors: Object.fromEntries(errors) } : {}),
    ...(result?.initialValue ? { values: result.initialValue } : {}),
  };
}

/** Whether an action's payload is a FormReply (loaders and other answers pass through as they are). */
export function isFormReply(data: unknown): data is FormReply {
  return typeof data === "object" && data !== null && "toast" in data && "ok" in data;
}

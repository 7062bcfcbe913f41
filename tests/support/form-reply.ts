import type { FormReply } from "~/lib/form-reply";

/**
 * An action's FormReply as the tests read it: ok, the toast, the first message under each field (what the
 * form shows) and the values the form is refilled with.
 */
export function readReply(reply: FormReply) {
  const { ok, toast, result } = reply;
  const errors = Object.entries(result.error ?? {}).flatMap(([name, messages]) =>
    name && messages?.[0] ? [[name, messages[0]] as const] : [],
  );
  return {
    ok,
    toast,
    ...(errors.length > 0 ? { fieldErrors: Object.fromEntries(errors) } : {}),
    ...(result.initialValue ? { values: result.initialValue } : {}),
  };
}

/** The /admin/sources page's POSTs: add, rename, retire, offer again and merge a source. */
import { data } from "react-router";
import { redirectWithToast } from "~/lib/flash.server";
import { parseForm, type FormReply } from "~/lib/form-reply";
import { invalidForm, invalidRequest } from "~/lib/form-reply.server";
import type { ActorRef } from "~/lib/permissions";
import { errorToast } from "~/lib/toast-message";
import {
  addSourceSchema,
  mergeSourceSchema,
  renameSourceSchema,
  sourceRowSchema,
  sourceMessages,
  sourceToasts,
} from "./sources";
import { addSource, mergeSource, renameSource, SourceError, setSourceRetired } from "./sources.server";

export type SourceIntent = "add" | "rename" | "retire" | "restore" | "merge";

export interface SourceActionResult extends FormReply {
  intent: SourceIntent | null;
  /** The source whose row the answer belongs to (none for "add"). */
  key?: string;
}

const intents = new Set<string>(["add", "rename", "retire", "restore", "merge"]);
const schemas = {
  add: addSourceSchema,
  rename: renameSourceSchema,
  retire: sourceRowSchema,
  restore: sourceRowSchema,
  merge: mergeSourceSchema,
} as const;

export async function handleSourcePost(request: Request, actor: ActorRef) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (!intents.has(intent)) return invalidRequest<SourceActionResult>({ intent: null });
  const which = intent as SourceIntent;
  const submission = parseForm(form, schemas[which]);
  const key = String(form.get("key") ?? "").slice(0, 60) || undefined;
  if (submission.status !== "success") {
    return invalidForm<SourceActionResult>(submission.reply(), { intent: which, key });
  }
  const value = submission.value as Record<string, string>;
  try {
    const back = "/admin/sources";
    switch (which) {
      case "add": {
        const added = await addSource(actor, value.label!);
        throw redirectWithToast(request, back, sourceToasts.added(added.label));
      }
      case "rename": {
        const renamed = await renameSource(actor, value.key!, value.label!);
        throw redirectWithToast(request, back, sourceToasts.renamed(renamed.label));
      }
      case "retire":
      case "restore": {
        const changed = await setSourceRetired(actor, value.key!, which === "retire");
        const toast = which === "retire" ? sourceToasts.retired : sourceToasts.restored;
        throw redirectWithToast(request, back, toast(changed.label));
      }
      case "merge": {
        const merged = await mergeSource(actor, value.key!, value.into!);
        throw redirectWithToast(request, back, sourceToasts.merged(merged.from, merged.into, merged.leads));
      }
    }
  } catch (error) {
    if (!(error instanceof SourceError)) throw error;
    const result = submission.reply({ fieldErrors: { [error.field]: [error.message] } });
    return data<SourceActionResult>(
      { ok: false, intent: which, key, toast: errorToast(error.message), result },
      { status: error.message === sourceMessages.unknown ? 404 : 400 },
    );
  }
}

/** The /admin/api-keys page's POSTs: create a key (its secret answered once) and revoke one. */
import { data } from "react-router";
import { parseForm, type FormReply } from "~/lib/form-reply";
import { requireArea } from "./access.server";
import { createApiKeySchema, revokeApiKeySchema } from "./api-keys.schema";
import { createApiKey, revokeApiKey } from "./api-keys.server";
import { invalidForm, invalidRequest } from "~/lib/form-reply.server";
import { errorToast } from "~/lib/toast-message";

export interface ApiKeyAdminResult extends FormReply {
  intent: "create" | "revoke" | null;
  /** The new key's secret: in this answer only, never stored or shown again. */
  created?: { name: string; secret: string };
}

export async function handleApiKeyAdminPost(request: Request) {
  const actor = await requireArea(request, "admin");
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "create") {
    const submission = parseForm(form, createApiKeySchema);
    if (submission.status !== "success") {
      return invalidForm<ApiKeyAdminResult>(submission.reply(), { intent });
    }
    const key = await createApiKey(actor, submission.value);
    return data<ApiKeyAdminResult>(
      {
        ok: true,
        intent,
        toast: { kind: "success", title: "Success", text: `API key "${key.name}" created` },
        result: submission.reply({ resetForm: true }),
        created: { name: key.name, secret: key.secret },
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  if (intent === "revoke") {
    const parsed = revokeApiKeySchema.safeParse({ keyId: form.get("keyId") });
    const revoked = parsed.success && (await revokeApiKey(actor, parsed.data.keyId));
    return data<ApiKeyAdminResult>(
      revoked
        ? { ok: true, intent, toast: { kind: "success", title: "Success", text: "API key revoked" } }
        : { ok: false, intent, toast: errorToast("No such active key") },
      { status: revoked ? 200 : 404 },
    );
  }
  return invalidRequest<ApiKeyAdminResult>({ intent: null });
}

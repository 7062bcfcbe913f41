/**
 * The /admin/users page's POSTs: invite a client, grant or remove roles, disable or enable an account,
 * set an account's company name.
 */
import { data } from "react-router";
import { appRoles } from "~/db/enums";
import { rethrowRefusal } from "~/lib/permissions";
import { z } from "~/lib/zod";
import { parseForm, type FormReply } from "~/lib/form-reply";
import { type Toast, errorToast } from "~/lib/toast-message";
import { requireArea } from "./access.server";
import { companyNameSchema, inviteClientSchema } from "./auth.schema";
import { changeFields } from "./user-list.schema";
import { inviteClient, setCompanyName, setDisabled, setRole, type AdminResult } from "./user-admin.server";
import { log } from "~/lib/log.server";
import { invalidForm, invalidRequest } from "~/lib/form-reply.server";

export type UserAdminIntent = "invite" | "grant-role" | "revoke-role" | "disable" | "enable" | "set-company";

export interface UserAdminResult extends FormReply {
  intent: UserAdminIntent | null;
}

const userIdSchema = z.string().min(1).max(100);

const changeSchema = z.object({
  intent: z.enum(["grant-role", "revoke-role", "disable", "enable"]),
  userId: userIdSchema,
  role: z.enum(appRoles).optional(),
});

const toastOf = (result: AdminResult): Toast =>
  result.ok ? { kind: "success", title: "Success", text: result.message } : errorToast(result.message);

export async function handleUserAdminPost(request: Request) {
  const actor = await requireArea(request, "admin");
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "invite") {
      const submission = parseForm(form, inviteClientSchema);
      if (submission.status !== "success") {
        return invalidForm<UserAdminResult>(submission.reply(), { intent });
      }
      const result = await inviteClient(actor, submission.value);
      return data<UserAdminResult>(
        {
          ok: result.ok,
          intent,
          toast: toastOf(result),
          result: submission.reply(result.ok ? { resetForm: true } : {}),
        },
        { status: result.ok ? 200 : 409 },
      );
    }

    if (intent === "set-company") {
      const userId = userIdSchema.safeParse(form.get("userId"));
      const company = parseForm(form, companyNameSchema);
      if (!userId.success || company.status !== "success") {
        const message = company.status === "success" ? undefined : company.error?.companyName?.[0];
        return invalidRequest<UserAdminResult>({ intent, ...(message && { toast: errorToast(message) }) });
      }
      const result = await setCompanyName(actor, userId.data, company.value.companyName);
      return data<UserAdminResult>(
        { ok: result.ok, intent, toast: toastOf(result) },
        { status: result.ok ? 200 : 404 },
      );
    }

    // The list's row buttons send their change as one value (user-list.schema.ts); a form may send fields.
    const change = form.get("change");
    const parsed = changeSchema.safeParse(
      typeof change === "string" ? changeFields(change) : Object.fromEntries(form),
    );
    if (
      !parsed.success ||
      ((parsed.data.intent === "grant-role" || parsed.data.intent === "revoke-role") && !parsed.data.role)
    ) {
      return invalidRequest<UserAdminResult>({ intent: null });
    }
    const { userId, role } = parsed.data;
    const result =
      parsed.data.intent === "grant-role" || parsed.data.intent === "revoke-role"
        ? await setRole(actor, userId, role!, parsed.data.intent === "grant-role")
        : await setDisabled(actor, userId, parsed.data.intent === "disable");
    return data<UserAdminResult>(
      { ok: result.ok, intent: parsed.data.intent, toast: toastOf(result) },
      { status: result.ok ? 200 : result.message === "User not found" ? 404 : 409 },
    );
  } catch (error) {
    rethrowRefusal(error);
    log.warn({ error }, "[admin] user change failed");
    return data<UserAdminResult>(
      {
        ok: false,
        intent: null,
        toast: errorToast("An unexpected error occurred"),
      },
      { status: 500 },
    );
  }
}

/**
 * The team forms' POSTs (issue 26), the same on the client's team page and the admin's client page:
 * invite a person, change their role, remove them, set when waiting leads remind the team. Bad input answers 400 with the field messages; a
 * refused change (the last owner, someone not on the team) 409 or 404 with its message in the toast.
 */
import { data } from "react-router";
import type { Actor } from "~/lib/actor";
import { parseForm, type FormReply } from "~/lib/form-reply";
import { formToasts } from "~/lib/form-toasts";
import type { Toast } from "~/lib/toast-message";
import {
  inviteMemberSchema,
  memberRoleSchema,
  reminderSettingSchema,
  removeMemberSchema,
  type TeamIntent,
} from "./client-team.schema";
import {
  inviteMember,
  removeMember,
  setMemberRole,
  setReminderHours,
  type TeamResult,
} from "./client-team.server";

export interface TeamReply extends FormReply {
  intent: TeamIntent;
}

const teamIntents: readonly TeamIntent[] = [
  "invite-member",
  "set-member-role",
  "remove-member",
  "set-reminders",
];

export const isTeamIntent = (value: unknown): value is TeamIntent =>
  teamIntents.includes(value as TeamIntent);

const toastOf = (result: TeamResult): Toast =>
  result.ok
    ? { kind: "success", title: "Success", text: result.message }
    : { kind: "error", title: "Error", text: result.message };

const statusOf = (result: TeamResult) => (result.ok ? 200 : result.status);

/** Answers one team form posted for `companyId` (already read into `form`). */
export async function handleTeamPost(actor: Actor, companyId: string, form: FormData) {
  const intent = form.get("intent");
  if (intent === "invite-member") {
    const submission = parseForm(form, inviteMemberSchema);
    if (submission.status !== "success") {
      return data<TeamReply>(
        { ok: false, intent, toast: formToasts.validation, result: submission.reply() },
        { status: 400 },
      );
    }
    const result = await inviteMember(actor, companyId, submission.value);
    return data<TeamReply>(
      {
        ok: result.ok,
        intent,
        toast: toastOf(result),
        result: submission.reply(result.ok ? { resetForm: true } : {}),
      },
      { status: statusOf(result) },
    );
  }
  if (intent === "set-reminders") {
    const submission = parseForm(form, reminderSettingSchema);
    if (submission.status !== "success") {
      return data<TeamReply>(
        { ok: false, intent, toast: formToasts.validation, result: submission.reply() },
        { status: 400 },
      );
    }
    const { reminderHours } = submission.value;
    const result = await setReminderHours(
      actor,
      companyId,
      reminderHours === "off" ? null : Number(reminderHours),
    );
    return data<TeamReply>(
      { ok: result.ok, intent, toast: toastOf(result), result: submission.reply() },
      { status: statusOf(result) },
    );
  }
  if (intent === "set-member-role" || intent === "remove-member") {
    const role = intent === "set-member-role" ? memberRoleSchema.safeParse(Object.fromEntries(form)) : null;
    const removal = removeMemberSchema.safeParse(Object.fromEntries(form));
    if ((role && !role.success) || !removal.success) {
      return data<TeamReply>(
        { ok: false, intent, toast: { kind: "error", title: "Error", text: "Invalid request" } },
        { status: 400 },
      );
    }
    const result = role?.success
      ? await setMemberRole(actor, companyId, role.data.userId, role.data.role)
      : await removeMember(actor, companyId, removal.data.userId);
    return data<TeamReply>({ ok: result.ok, intent, toast: toastOf(result) }, { status: statusOf(result) });
  }
  return data<TeamReply>(
    {
      ok: false,
      intent: "invite-member",
      toast: { kind: "error", title: "Error", text: "Invalid request" },
    },
    { status: 400 },
  );
}

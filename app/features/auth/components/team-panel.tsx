/**
 * A client company's team (issue 26): its people with their role, when leads waiting for feedback remind
 * them, and, for whoever manages it (the company's owners, admins), the invitation form, a role change and
 * removal per person and the reminders' choice. The client's /client/team page and the admin's client page
 * show it alike.
 */
import { getInputProps, getSelectProps } from "@conform-to/react";
import { useEffect } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ColumnHeads } from "~/components/ui/column-heads";
import { EmailField } from "~/components/ui/email-field";
import { FormField } from "~/components/ui/form-field";
import { FormStatus } from "~/components/ui/form-status";
import { LocalTime } from "~/components/ui/local-time";
import { NativeSelect, SelectOptions } from "~/components/ui/native-select";
import { ScrollFrame } from "~/components/ui/scroll-frame";
import { clientMemberRoles, labelOf, reminderChoices } from "~/db/enums";
import { showToastNow } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm } from "~/lib/use-schema-form";
import { inviteMemberSchema, memberRoleLabels, reminderSettingSchema } from "../client-team.schema";
import type { TeamReply } from "../client-team-action.server";
import type { TeamMember } from "../client-team.server";
import { NameFields } from "./name-fields";
import { useSending } from "~/lib/use-sending";

export function TeamPanel({
  team,
  reminderHours,
  canManage,
  actorId,
  reply,
  headingLevel = 1,
}: {
  team: TeamMember[];
  /** After how many business hours waiting leads remind the team; null: never. */
  reminderHours: number | null;
  canManage: boolean;
  /** The signed-in person: they cannot remove themselves. */
  actorId: string;
  reply: TeamReply | undefined;
  headingLevel?: 1 | 2;
}) {
  const changeReply =
    reply && reply.intent !== "invite-member" && reply.intent !== "set-reminders" ? reply : undefined;
  const hydrated = useHydrated();
  useEffect(() => {
    if (changeReply) showToastNow(changeReply.toast);
  }, [changeReply]);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div className="space-y-8">
      <section aria-labelledby="team-heading">
        <Heading
          id="team-heading"
          className={headingLevel === 1 ? "text-3xl font-extrabold tracking-tight" : "text-xl font-bold"}
        >
          Team <span className="font-normal text-muted-foreground">({team.length})</span>
        </Heading>
        <p className="mt-2 text-sm text-muted-foreground">
          Everyone on the team sees all the company's leads. Owners also invite, change and remove people.
        </p>
        {!hydrated && <FormStatus toast={changeReply?.toast} />}
        <ScrollFrame label="Team table" className="mt-4">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">The people of this company and their role</caption>
            <ColumnHeads
              names={canManage ? ["Person", "Role", "Since", "Actions"] : ["Person", "Role", "Since"]}
            />
            <tbody className="divide-y divide-border">
              {team.map((member) => (
                <TeamRow
                  key={member.id}
                  member={member}
                  canManage={canManage}
                  isSelf={member.id === actorId}
                />
              ))}
            </tbody>
          </table>
        </ScrollFrame>
      </section>
      <ReminderSettings
        hours={reminderHours}
        canManage={canManage}
        reply={reply?.intent === "set-reminders" ? reply : undefined}
      />
      {canManage && <InviteMemberForm reply={reply?.intent === "invite-member" ? reply : undefined} />}
    </div>
  );
}

function TeamRow({ member, canManage, isSelf }: { member: TeamMember; canManage: boolean; isSelf: boolean }) {
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <div className="font-semibold break-words">{member.name}</div>
        <div className="text-muted-foreground break-all">{member.email}</div>
        {member.invited && (
          <span className="mt-1 inline-block rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-900">
            Invited
          </span>
        )}
      </td>
      <td className="px-4 py-3">{memberRoleLabels[member.role]}</td>
      <td className="px-4 py-3 whitespace-nowrap">
        <LocalTime iso={member.joinedAt} />
      </td>
      {canManage && (
        <td className="px-4 py-3">
          <div className="flex flex-wrap items-center gap-2">
            <RoleForm member={member} />
            {!isSelf && !member.companyAccount && <RemoveButton member={member} />}
          </div>
        </td>
      )}
    </tr>
  );
}

function RoleForm({ member }: { member: TeamMember }) {
  const pending = useSending({ intent: "set-member-role", userId: member.id });
  const selectId = `role-${member.id}`;
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="set-member-role" />
      <input type="hidden" name="userId" value={member.id} />
      <label htmlFor={selectId} className="sr-only">
        Role of {member.email}
      </label>
      <NativeSelect id={selectId} name="role" defaultValue={member.role} className="h-8 w-32">
        {clientMemberRoles.map((role) => (
          <option key={role} value={role}>
            {memberRoleLabels[role]}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" size="xs" variant="outline" pending={pending}>
        {pending ? "Saving..." : "Save role"}
        <span className="sr-only"> of {member.email}</span>
      </Button>
    </Form>
  );
}

function RemoveButton({ member }: { member: TeamMember }) {
  const pending = useSending({ intent: "remove-member", userId: member.id });
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="remove-member" />
      <input type="hidden" name="userId" value={member.id} />
      <Button type="submit" size="xs" variant="outline" className="text-destructive" pending={pending}>
        {pending ? "Removing..." : "Remove"}
        <span className="sr-only"> {member.email} from the team</span>
      </Button>
    </Form>
  );
}

const choiceOf = (hours: number | null) => (hours === null ? "off" : String(hours));

/**
 * When a delivered lead without feedback reminds the team: the person who took it, or everyone when
 * nobody did. Owners and admins choose; members read the choice.
 */
function ReminderSettings({
  hours,
  canManage,
  reply,
}: {
  hours: number | null;
  canManage: boolean;
  reply: TeamReply | undefined;
}) {
  const { fields, ...form } = useSchemaForm(reminderSettingSchema, {
    id: "reminders",
    reply,
    defaultValue: { reminderHours: choiceOf(hours) },
  });
  const saving = useSending({ intent: "set-reminders" });
  const said = labelOf(reminderChoices, choiceOf(hours));
  return (
    <section
      aria-labelledby="reminders-heading"
      className="rounded-2xl border border-border bg-card p-6 shadow-sm"
    >
      <h2 id="reminders-heading" className="text-xl font-bold">
        Reminders
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        A lead with no feedback reminds the person who took it, or everyone on the team when nobody did, by
        e-mail. Business hours are Monday to Friday, 9:00 AM to 6:00 PM; each lead reminds once.
      </p>
      {canManage ? (
        <Form
          method="post"
          {...form.formProps}
          className="mt-5 space-y-4"
          aria-labelledby="reminders-heading"
        >
          <input type="hidden" name="intent" value="set-reminders" />
          <FormStatus toast={form.shownStatus} />
          <div className="sm:max-w-sm">
            <FormField
              id={fields.reminderHours.id}
              label="Remind after"
              error={fields.reminderHours.errors?.[0]}
            >
              <NativeSelect {...getSelectProps(fields.reminderHours)}>
                <SelectOptions options={reminderChoices} />
              </NativeSelect>
            </FormField>
          </div>
          <Button type="submit" pending={saving}>
            {saving ? "Saving..." : "Save reminders"}
          </Button>
        </Form>
      ) : (
        <p className="mt-4 text-sm">
          <span className="font-semibold">Remind after: </span>
          {said}. Owners change this.
        </p>
      )}
    </section>
  );
}

function InviteMemberForm({ reply }: { reply: TeamReply | undefined }) {
  const { fields, ...form } = useSchemaForm(inviteMemberSchema, {
    id: "invite-member",
    reply,
    defaultValue: { role: "member" },
  });
  const { email, role } = fields;
  const submitting = useSending({ intent: "invite-member" });
  return (
    <section
      aria-labelledby="invite-member-heading"
      className="rounded-2xl border border-border bg-card p-6 shadow-sm"
    >
      <h2 id="invite-member-heading" className="text-xl font-bold">
        Invite a person
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        We email them a link to set their password (valid for 7 days). They see the company's leads as soon as
        they sign in.
      </p>
      <Form
        method="post"
        {...form.formProps}
        className="mt-5 space-y-5"
        aria-labelledby="invite-member-heading"
      >
        <input type="hidden" name="intent" value="invite-member" />
        <FormStatus toast={form.shownStatus} />
        <div className="grid gap-5 md:grid-cols-2">
          <EmailField
            id={email.id}
            error={email.errors?.[0]}
            control={getInputProps(email, { type: "email" })}
            ownAddress={false}
          />
          <FormField id={role.id} label="Role" error={role.errors?.[0]}>
            <NativeSelect {...getSelectProps(role)}>
              {clientMemberRoles.map((value) => (
                <option key={value} value={value}>
                  {memberRoleLabels[value]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <NameFields firstName={fields.firstName} lastName={fields.lastName} ownName={false} />
        </div>
        <Button type="submit" pending={submitting}>
          {submitting ? "Sending invitation..." : "Send Invitation"}
        </Button>
      </Form>
    </section>
  );
}

/**
 * The forms of a client company's team (issue 26): inviting a person, changing their role, removing
 * them, and when the company's waiting leads remind its people. One schema per form, shared by the browser and the server; the team page and the admin's client
 * page post the same forms.
 */
import { clientMemberRoles, reminderChoices, valuesOf } from "~/db/enums";
import { z } from "~/lib/zod";
import { emailSchema, firstNameSchema, lastNameSchema } from "./auth.schema";

export const inviteMemberSchema = z.object({
  email: emailSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  role: z.enum(clientMemberRoles, { error: "Choose owner or member" }),
});
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

/** An account id as the forms carry it (better-auth's ids are short texts; anything long names none). */
const memberIdSchema = z.string().min(1).max(100);

export const memberRoleSchema = z.object({
  userId: memberIdSchema,
  role: z.enum(clientMemberRoles, { error: "Choose owner or member" }),
});

export const removeMemberSchema = z.object({ userId: memberIdSchema });

/** When the company's leads without feedback remind its people (issue 26 §2). */
export const reminderSettingSchema = z.object({
  reminderHours: z.enum(valuesOf(reminderChoices), { error: "Choose when to remind" }),
});
export type ReminderSettingInput = z.infer<typeof reminderSettingSchema>;

export type TeamIntent = "invite-member" | "set-member-role" | "remove-member" | "set-reminders";

/** How the team page names each role. */
export const memberRoleLabels = { owner: "Owner", member: "Member" } as const;

export const teamMessages = {
  exists:
    "An account with this email already exists. Only a new email address can be invited; contact us to move an existing account.",
  notFound: "Team member not found",
  lastOwner: "A company needs at least one owner: make someone else an owner first.",
  companyAccount: "The company's own account can't be removed: the agreement and the leads are on it.",
  self: "You can't remove yourself from the team; another owner can.",
  tooManyInvitations: (minutes: number) =>
    `You have sent as many invitations as we allow for now. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or write to us to invite more people at once.`,
};

/**
 * A client company's team (issue 26, ADR 037): its people, invited by e-mail through the accounts'
 * invitation flow, their role (owners manage the team, members work the leads), and their removal, which
 * ends their sessions at once. The company's owners manage their own team (`team:manage:own`), admins
 * every company's (`team:manage:any`); every member sees who is on it. Changes go to the audit log.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { DEFAULT_REMINDER_HOURS, type ClientMemberRole } from "~/db/enums";
import {
  account,
  clientCompanySettings,
  clientMembers,
  leads,
  profiles,
  session,
  user,
  userRoles,
} from "~/db/schema";
import type { Database, Transaction } from "~/db/client.server";
import { queryRows } from "~/db/query-rows";
import type { Actor } from "~/lib/actor";
import { env } from "~/lib/env.server";
import { enqueueMail } from "~/lib/mail/outbox.server";
import { invitationOfExistingMail } from "~/lib/mail/templates/account";
import { addHit, lockBucket, msUntilRoom } from "~/lib/rate-limit.server";
import { audit } from "~/lib/audit.server";
import { findClientAccount } from "~/lib/client-accounts.server";
import { authorizeOwner } from "~/lib/permissions";
import { inAuthTransaction, INVITATION_TTL_MS, type Writer } from "./auth.server";
import { teamMessages, type InviteMemberInput } from "./client-team.schema";
import { createInvitedAccount } from "./user-admin.server";

export type TeamResult =
  { ok: true; message: string } | { ok: false; status: 404 | 409 | 429; message: string };

export interface TeamMember {
  id: string;
  email: string;
  name: string;
  role: ClientMemberRole;
  /** The company's own account: its id is the company's, so it stays on the team. */
  companyAccount: boolean;
  /** Invited and not signed in yet (no password set). */
  invited: boolean;
  joinedAt: Date;
}

const manage = { any: "team:manage:any", own: "team:manage:own" } as const;

/** The company's name as the agency set it on the company's own account (its e-mail when it has none). */
async function companyName(q: Writer, companyId: string): Promise<string | null> {
  const client = await findClientAccount(q, companyId);
  return client ? client.companyName || client.email : null;
}

/** The company's people, owners first, then by name; null when `companyId` names no client company. */
export async function listTeam(actor: Actor, companyId: string): Promise<TeamMember[] | null> {
  authorizeOwner(actor, { any: "team:manage:any", own: "team:read:own" }, companyId);
  const db = await getDb();
  if (!(await findClientAccount(db, companyId))) return null;
  const rows = await db
    .select({
      id: clientMembers.userId,
      email: user.email,
      accountName: user.name,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      role: clientMembers.role,
      joinedAt: clientMembers.createdAt,
      hasPassword: sql<boolean>`exists(select 1 from ${account} where ${account.userId} = ${user.id} and ${account.providerId} = 'credential')`,
    })
    .from(clientMembers)
    .innerJoin(user, eq(user.id, clientMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, clientMembers.userId))
    .where(eq(clientMembers.companyId, companyId))
    .orderBy(asc(clientMembers.role), asc(sql`lower(${user.name})`), asc(user.email));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: [row.firstName, row.lastName].filter(Boolean).join(" ") || row.accountName || row.email,
    role: row.role,
    companyAccount: row.id === companyId,
    invited: !row.hasPassword,
    joinedAt: row.joinedAt,
  }));
}

const HOUR_MS = 3_600_000;
/**
 * How many invitations an owner may send: per company and per owner, in any hour and any day. Each one
 * is an e-mail in the agency's name to an address the owner typed; the agency's staff are not counted.
 */
export const INVITATION_LIMITS = {
  company: [
    { max: 10, windowMs: HOUR_MS },
    { max: 25, windowMs: 24 * HOUR_MS },
  ],
  owner: [
    { max: 5, windowMs: HOUR_MS },
    { max: 15, windowMs: 24 * HOUR_MS },
  ],
};

/**
 * Takes one invitation from the company's and the owner's allowance, or says how long until there is room.
 * Both are checked before either is counted, under their locks (parallel invitations cannot slip past).
 */
async function takeInvitation(tx: Transaction, actor: Actor, companyId: string): Promise<number> {
  const buckets = [
    { bucket: `invite:company:${companyId}`, windows: INVITATION_LIMITS.company },
    { bucket: `invite:owner:${actor.id}`, windows: INVITATION_LIMITS.owner },
  ];
  let wait = 0;
  for (const { bucket, windows } of buckets) {
    await lockBucket(tx, bucket);
    wait = Math.max(wait, await msUntilRoom(tx, bucket, windows));
  }
  if (wait === 0) for (const { bucket } of buckets) await addHit(tx, bucket);
  return wait;
}

/**
 * Invites a new person to the company: an account of their own, a member of the company with `role`
 * and the client role, and the invitation e-mail with the link to set a password (7 days). A person
 * belongs to at most one company, and moving an account between companies is the agency's to do: an
 * address that already has an account gets an e-mail saying so, while the owner is answered as for any
 * invitation (whether an address has an account is not theirs to learn). The agency's staff are told.
 */
export async function inviteMember(
  actor: Actor,
  companyId: string,
  input: InviteMemberInput,
): Promise<TeamResult> {
  authorizeOwner(actor, manage, companyId);
  const email = input.email.toLowerCase();
  const staff = actor.permissions.has(manage.any);
  const db = await getDb();
  const name = await companyName(db, companyId);
  if (!name) return { ok: false, status: 404, message: "Client not found" };
  const sent: TeamResult = { ok: true, message: `Invitation sent to ${email}` };
  return inAuthTransaction(
    async (tx): Promise<TeamResult> => {
      if (!staff) {
        const wait = await takeInvitation(tx, actor, companyId);
        if (wait > 0) {
          const minutes = Math.max(1, Math.ceil(wait / 60_000));
          return { ok: false, status: 429, message: teamMessages.tooManyInvitations(minutes) };
        }
      }
      const id = await createInvitedAccount(tx, { ...input, email, companyName: name });
      if (!id) {
        if (staff) return { ok: false, status: 409, message: teamMessages.exists };
        await enqueueMail(
          tx,
          invitationOfExistingMail({
            to: email,
            companyName: name,
            signInUrl: `${env().SITE_URL}/auth`,
            contactEmail: env().CONTACT_EMAIL,
          }),
        );
        await audit(tx, actor.id, null, "team.invitation_of_existing", { email, companyId });
        return sent;
      }
      // The membership first: the client role's trigger then finds the person already in a company.
      await tx.insert(clientMembers).values({ userId: id, companyId, role: input.role, invitedBy: actor.id });
      await tx.insert(userRoles).values({ userId: id, role: "client", grantedBy: actor.id });
      await audit(tx, actor.id, id, "team.member_invited", { email, companyId, role: input.role });
      return sent;
    },
    { resetMail: { kind: "invitation", companyName: name, byTeam: !staff } },
  );
}

/**
 * Frees the addresses of team invitations never taken up: a person invited to a company's team who has
 * not set a password within the invitation's 7 days loses the account made for them, so an address an
 * owner typed (perhaps someone else's) is not held for good. The company's own account is never removed;
 * the audit log keeps that the invitation was made. Returns how many were released.
 */
export async function releaseExpiredTeamInvitations(db: Database, now = new Date()): Promise<number> {
  const rows = await queryRows<{ id: string; email: string; company_id: string }>(
    db,
    sql`delete from "user" u using client_members m
        where m.user_id = u.id and m.company_id <> u.id and m.invited_by is not null
          and u.first_signed_in_at is null
          and u.created_at < ${new Date(now.getTime() - INVITATION_TTL_MS)}
          and not exists (select 1 from account a where a.user_id = u.id and a.password is not null)
        returning u.id, u.email, m.company_id`,
  );
  for (const row of rows) {
    await audit(db, null, null, "team.invitation_expired", { email: row.email, companyId: row.company_id });
  }
  return rows.length;
}

/** The member `userId` of the company, locked for the change; undefined when they are not on its team. */
async function lockedMember(tx: Writer, companyId: string, userId: string) {
  // The company's row serialises changes to its team (two owners demoting each other at once).
  await tx.select({ id: user.id }).from(user).where(eq(user.id, companyId)).for("update");
  const [row] = await tx
    .select({ role: clientMembers.role, email: user.email })
    .from(clientMembers)
    .innerJoin(user, eq(user.id, clientMembers.userId))
    .where(and(eq(clientMembers.companyId, companyId), eq(clientMembers.userId, userId)));
  return row;
}

async function ownerCount(tx: Writer, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(clientMembers)
    .where(and(eq(clientMembers.companyId, companyId), eq(clientMembers.role, "owner")));
  return Number(row?.n ?? 0);
}

/** Makes a member an owner or an owner a member; the last owner stays one. */
export async function setMemberRole(
  actor: Actor,
  companyId: string,
  userId: string,
  role: ClientMemberRole,
): Promise<TeamResult> {
  authorizeOwner(actor, manage, companyId);
  const db = await getDb();
  return db.transaction(async (tx): Promise<TeamResult> => {
    const member = await lockedMember(tx, companyId, userId);
    if (!member) return { ok: false, status: 404, message: teamMessages.notFound };
    const message = `${member.email} is now ${role === "owner" ? "an owner" : "a member"}`;
    if (member.role === role) return { ok: true, message };
    if (member.role === "owner" && (await ownerCount(tx, companyId)) <= 1) {
      return { ok: false, status: 409, message: teamMessages.lastOwner };
    }
    await tx.update(clientMembers).set({ role }).where(eq(clientMembers.userId, userId));
    await audit(tx, actor.id, userId, "team.role_changed", { companyId, from: member.role, to: role });
    return { ok: true, message };
  });
}

/**
 * Takes a person off the company's team: their membership and client role go, the leads they took are
 * free again, and their sessions end at once (an open page or event stream of theirs is refused from
 * the next request). Their past feedback stays on the leads, in their name. The company's own account
 * and the actor themselves cannot be removed.
 */
export async function removeMember(actor: Actor, companyId: string, userId: string): Promise<TeamResult> {
  authorizeOwner(actor, manage, companyId);
  if (userId === actor.id) return { ok: false, status: 409, message: teamMessages.self };
  if (userId === companyId) return { ok: false, status: 409, message: teamMessages.companyAccount };
  const db = await getDb();
  return db.transaction(async (tx): Promise<TeamResult> => {
    const member = await lockedMember(tx, companyId, userId);
    if (!member) return { ok: false, status: 404, message: teamMessages.notFound };
    if (member.role === "owner" && (await ownerCount(tx, companyId)) <= 1) {
      return { ok: false, status: 409, message: teamMessages.lastOwner };
    }
    await tx.delete(clientMembers).where(eq(clientMembers.userId, userId));
    await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "client")));
    await tx
      .update(leads)
      .set({ claimedByUserId: null })
      .where(and(eq(leads.assignedToClientId, companyId), eq(leads.claimedByUserId, userId)));
    await tx.delete(session).where(eq(session.userId, userId));
    await audit(tx, actor.id, userId, "team.member_removed", { companyId, email: member.email });
    return { ok: true, message: `${member.email} was removed from the team and signed out` };
  });
}

/**
 * After how many business hours the company's delivered leads without feedback remind its people (null:
 * never); everyone on the team may read it. Undefined when `companyId` names no client company.
 */
export async function companyReminderHours(
  actor: Actor,
  companyId: string,
): Promise<number | null | undefined> {
  authorizeOwner(actor, { any: "team:manage:any", own: "team:read:own" }, companyId);
  const db = await getDb();
  if (!(await findClientAccount(db, companyId))) return undefined;
  const [row] = await db
    .select({ hours: clientCompanySettings.reminderHours })
    .from(clientCompanySettings)
    .where(eq(clientCompanySettings.companyId, companyId));
  return row ? row.hours : DEFAULT_REMINDER_HOURS;
}

/** How a reminder setting reads: "after 4 business hours", "never". */
export const reminderSettingText = (hours: number | null) =>
  hours === null ? "never" : `after ${hours} business ${hours === 1 ? "hour" : "hours"}`;

/** Sets when the company's waiting leads remind its people; owners and admins. */
export async function setReminderHours(
  actor: Actor,
  companyId: string,
  hours: number | null,
): Promise<TeamResult> {
  authorizeOwner(actor, manage, companyId);
  const db = await getDb();
  if (!(await findClientAccount(db, companyId)))
    return { ok: false, status: 404, message: "Client not found" };
  await db.transaction(async (tx) => {
    await tx
      .insert(clientCompanySettings)
      .values({ companyId, reminderHours: hours, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: clientCompanySettings.companyId,
        set: { reminderHours: hours, updatedBy: actor.id, updatedAt: new Date() },
      });
    await audit(tx, actor.id, companyId, "team.reminders_changed", { companyId, reminderHours: hours });
  });
  return {
    ok: true,
    message:
      hours === null
        ? "Reminders are off: leads waiting for feedback remind nobody"
        : `Leads waiting for feedback now remind the team ${reminderSettingText(hours)}`,
  };
}

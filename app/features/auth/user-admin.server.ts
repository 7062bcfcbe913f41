/**
 * User administration: client invitations, role changes, company names and disabling, and the log of
 * those changes (the list of accounts is user-list.server.ts). Every change is written to audit_log in
 * the same transaction, with who made it. The operator is a signed-in admin (the /admin/users page) or
 * the command line (`npm run user`).
 */
import crypto from "node:crypto";
import { aliasedTable, and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { appRoles } from "~/db/enums";
import { account, auditLog, profiles, session, user, userRoles, verification } from "~/db/schema";
import type { Actor, Role } from "~/lib/actor";
import { authorize, type Permission } from "~/lib/permissions";
import type { InviteClientInput } from "./auth.schema";
import { audit } from "~/lib/audit.server";
import { getAuth, inAuthTransaction, INVITATION_TTL_MS, type Writer } from "./auth.server";

/** Who makes a change: an admin, or the command line (run by whoever holds the server's files). */
export type Operator = Actor | typeof commandLine;

/** The command line as an operator: it may manage users, and the audit log records no user for it. */
export const commandLine: { readonly kind: "cli"; readonly permissions: ReadonlySet<Permission> } = {
  kind: "cli",
  permissions: new Set(["user:manage:any"]),
};

function operatorId(operator: Operator): string | null {
  authorize(operator, "user:manage:any");
  return operator.kind === "cli" ? null : operator.id;
}

export type AdminResult = { ok: true; message: string } | { ok: false; message: string };

export interface AuditEntry {
  id: string;
  action: string;
  actorEmail: string | null;
  targetEmail: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

/** The latest changes to accounts, newest first: the page shows the last 50, not the whole log. */
export async function listAuditLog(operator: Operator, limit = 50): Promise<AuditEntry[]> {
  operatorId(operator);
  const db = await getDb();
  const actorUser = aliasedTable(user, "actor_user");
  const targetUser = aliasedTable(user, "target_user");
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorEmail: actorUser.email,
      targetEmail: targetUser.email,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(actorUser, eq(actorUser.id, auditLog.actorId))
    .leftJoin(targetUser, eq(targetUser.id, auditLog.targetUserId))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}

async function findUser(writer: Writer, id: string) {
  const [row] = await writer
    .select({ id: user.id, email: user.email, disabledAt: user.disabledAt })
    .from(user)
    .where(eq(user.id, id));
  return row;
}

const lockEmail = (writer: Writer, email: string) =>
  writer.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-up:${email}`}, 0))`);

const notFound: AdminResult = { ok: false, message: "User not found" };

/**
 * Inside `inAuthTransaction`: creates an invited account (no password yet) with its profile and e-mails
 * the link to set the password (valid 7 days; the account is confirmed when it is used). Null when the
 * address already has an account. Client invitations and a company's team invitations share it.
 */
export async function createInvitedAccount(
  tx: Writer,
  input: { email: string; firstName?: string; lastName?: string; companyName: string | null },
): Promise<string | null> {
  const { auth } = await getAuth();
  const email = input.email.toLowerCase();
  await lockEmail(tx, email);
  const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) return null;
  const id = crypto.randomUUID();
  const name = [input.firstName, input.lastName].filter(Boolean).join(" ");
  await tx.insert(user).values({ id, email, name, emailVerified: false });
  await tx.insert(profiles).values({
    userId: id,
    email,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    companyName: input.companyName,
  });
  // better-auth issues the single-use set-password token; the e-mail is the invitation (see auth.server.ts).
  await auth.api.requestPasswordReset({ body: { email } });
  await tx
    .update(verification)
    .set({ expiresAt: new Date(Date.now() + INVITATION_TTL_MS) })
    .where(eq(verification.value, id));
  return id;
}

/**
 * Creates a client account with its company name and e-mails a link to set the password (valid 7 days).
 * The account is confirmed when the link is used.
 */
export async function inviteClient(operator: Operator, input: InviteClientInput): Promise<AdminResult> {
  const actorId = operatorId(operator);
  const email = input.email.toLowerCase();
  return inAuthTransaction(
    async (tx) => {
      const id = await createInvitedAccount(tx, { ...input, email });
      if (!id) {
        return {
          ok: false,
          message: "An account with this email already exists. Grant it the client role in the list instead.",
        };
      }
      // The client role makes the account a one-person company, its owner (migration 0024's trigger).
      await tx.insert(userRoles).values({ userId: id, role: "client", grantedBy: actorId });
      await audit(tx, actorId, id, "user.invited", { email, companyName: input.companyName, role: "client" });
      return { ok: true, message: `Invitation sent to ${email}` };
    },
    { resetMail: { kind: "invitation", companyName: input.companyName } },
  );
}

/** Grants or removes a role. Admins cannot remove their own admin role (no locking yourself out). */
export async function setRole(
  operator: Operator,
  userId: string,
  role: Role,
  grant: boolean,
): Promise<AdminResult> {
  const actorId = operatorId(operator);
  if (!grant && role === "admin" && userId === actorId) {
    return { ok: false, message: "You can't remove your own admin role." };
  }
  const db = await getDb();
  return db.transaction(async (tx): Promise<AdminResult> => {
    const target = await findUser(tx, userId);
    if (!target) return notFound;
    if (grant) {
      const inserted = await tx
        .insert(userRoles)
        .values({ userId, role, grantedBy: actorId })
        .onConflictDoNothing()
        .returning({ id: userRoles.id });
      if (inserted.length) await audit(tx, actorId, userId, "role.granted", { role });
      return { ok: true, message: `${target.email} now has the ${role} role` };
    }
    const removed = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
      .returning({ id: userRoles.id });
    if (removed.length) await audit(tx, actorId, userId, "role.revoked", { role });
    return { ok: true, message: `${target.email} no longer has the ${role} role` };
  });
}

/** Disables an account and ends its sessions at once, or enables it again. */
export async function setDisabled(
  operator: Operator,
  userId: string,
  disabled: boolean,
): Promise<AdminResult> {
  const actorId = operatorId(operator);
  if (disabled && userId === actorId) return { ok: false, message: "You can't disable your own account." };
  const db = await getDb();
  return db.transaction(async (tx): Promise<AdminResult> => {
    const target = await findUser(tx, userId);
    if (!target) return notFound;
    if (disabled) {
      if (!target.disabledAt) {
        await tx
          .update(user)
          .set({ disabledAt: new Date(), updatedAt: new Date() })
          .where(eq(user.id, userId));
        await audit(tx, actorId, userId, "user.disabled");
      }
      await tx.delete(session).where(eq(session.userId, userId));
      return { ok: true, message: `${target.email} is disabled and signed out` };
    }
    if (target.disabledAt) {
      await tx.update(user).set({ disabledAt: null, updatedAt: new Date() }).where(eq(user.id, userId));
      await audit(tx, actorId, userId, "user.enabled");
    }
    return { ok: true, message: `${target.email} is enabled` };
  });
}

/**
 * Sets the company name of an account (undefined removes it). The agency owns a client's company name:
 * clients see it read-only on /account.
 */
export async function setCompanyName(
  operator: Operator,
  userId: string,
  companyName: string | undefined,
): Promise<AdminResult> {
  const actorId = operatorId(operator);
  const db = await getDb();
  return db.transaction(async (tx): Promise<AdminResult> => {
    const target = await findUser(tx, userId);
    if (!target) return notFound;
    const value = companyName ?? null;
    const [before] = await tx
      .select({ companyName: profiles.companyName })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for("update");
    if ((before?.companyName ?? null) === value) {
      return { ok: true, message: `${target.email} already has this company name` };
    }
    await tx
      .insert(profiles)
      .values({ userId, email: target.email, companyName: value })
      .onConflictDoUpdate({ target: profiles.userId, set: { companyName: value, updatedAt: new Date() } });
    await audit(tx, actorId, userId, "company.changed", { companyName: value });
    return {
      ok: true,
      message: value ? `${target.email} now belongs to ${value}` : `${target.email} has no company name now`,
    };
  });
}

// ---------------------------------------------------------------- command line

export interface NewAccount {
  email: string;
  password: string;
  role?: Role;
  firstName?: string;
  lastName?: string;
  companyName?: string;
}

/** Creates a confirmed account with a password (the first admin, demo clients). */
export async function createConfirmedUser(operator: Operator, input: NewAccount): Promise<AdminResult> {
  const actorId = operatorId(operator);
  const email = input.email.toLowerCase();
  const { auth } = await getAuth();
  const hash = await (await auth.$context).password.hash(input.password);
  const db = await getDb();
  return db.transaction(async (tx): Promise<AdminResult> => {
    await lockEmail(tx, email);
    const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (existing) return { ok: false, message: `An account with the email ${email} already exists` };
    const id = crypto.randomUUID();
    const name = [input.firstName, input.lastName].filter(Boolean).join(" ");
    await tx.insert(user).values({ id, email, name, emailVerified: true });
    await tx.insert(account).values({
      id: crypto.randomUUID(),
      userId: id,
      accountId: id,
      providerId: "credential",
      password: hash,
    });
    await tx.insert(profiles).values({
      userId: id,
      email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      companyName: input.companyName ?? null,
    });
    await audit(tx, actorId, id, "user.created", { email, via: "cli" in operator ? "cli" : "admin" });
    if (input.role) {
      await tx.insert(userRoles).values({ userId: id, role: input.role, grantedBy: actorId });
      await audit(tx, actorId, id, "role.granted", { role: input.role });
    }
    return { ok: true, message: `Created ${email}${input.role ? ` with the ${input.role} role` : ""}` };
  });
}

/** Sets the account's role by e-mail: exactly admin, exactly client, or none. */
export async function setOnlyRoleByEmail(
  operator: Operator,
  email: string,
  role: Role | "none",
): Promise<AdminResult> {
  const db = await getDb();
  const [target] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  if (!target) return { ok: false, message: `No account with the email ${email}` };
  for (const other of appRoles) {
    if (other !== role) {
      const result = await setRole(operator, target.id, other, false);
      if (!result.ok) return result;
    }
  }
  if (role !== "none") return setRole(operator, target.id, role, true);
  return { ok: true, message: `${email.toLowerCase()} has no role` };
}

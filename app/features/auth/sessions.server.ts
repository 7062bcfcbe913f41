/**
 * A user's own sessions: the list on /account, signing out every other device, the "last active" mark,
 * and the check that long-lived connections (event streams) repeat to learn whether the session that
 * opened them still holds. Every query is scoped by the actor's own user id.
 */
import { and, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { clientMembers, session, user, userRoles } from "~/db/schema";
import { isAppRole } from "~/db/enums";
import type { Actor } from "~/lib/actor";
import { permissionsOf, type Permission } from "~/lib/permissions";
import { sessionLifetimeEnded } from "./session-lifetime";
import { describeUserAgent } from "./user-agent";

export interface SessionView {
  id: string;
  device: string;
  ipAddress: string | null;
  createdAt: Date;
  lastActiveAt: Date;
  current: boolean;
}

/** The actor's live sessions, most recently active first (the current one is marked). */
export async function listOwnSessions(
  actor: Pick<Actor, "id" | "sessionId" | "roles">,
): Promise<SessionView[]> {
  const db = await getDb();
  const now = new Date();
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, actor.id), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt), desc(session.createdAt));
  return rows
    .filter((row) => row.id === actor.sessionId || !sessionLifetimeEnded(row.createdAt, actor.roles, now))
    .map((row) => ({
      id: row.id,
      device: describeUserAgent(row.userAgent),
      ipAddress: row.ipAddress,
      createdAt: row.createdAt,
      lastActiveAt: row.updatedAt,
      current: row.id === actor.sessionId,
    }));
}

/** Deletes every session of the actor but the one they are using; returns how many ended. */
export async function signOutOtherSessions(actor: Pick<Actor, "id" | "sessionId">): Promise<number> {
  const db = await getDb();
  const ended = await db
    .delete(session)
    .where(and(eq(session.userId, actor.id), ne(session.id, actor.sessionId)))
    .returning({ id: session.id });
  return ended.length;
}

/** How stale "last active" may get: one write per session per interval, not one per request. */
export const LAST_ACTIVE_RESOLUTION_MS = 5 * 60_000;

/** Marks a session as used now, at most once per `LAST_ACTIVE_RESOLUTION_MS`. */
export async function markSessionActive(
  sessionId: string,
  lastMarked: Date,
  now = new Date(),
): Promise<void> {
  if (now.getTime() - lastMarked.getTime() < LAST_ACTIVE_RESOLUTION_MS) return;
  const db = await getDb();
  // The condition keeps parallel requests of one session from writing twice.
  await db
    .update(session)
    .set({ updatedAt: now })
    .where(
      and(
        eq(session.id, sessionId),
        lt(session.updatedAt, new Date(now.getTime() - LAST_ACTIVE_RESOLUTION_MS)),
      ),
    );
}

/**
 * Whether the session still stands for a user who may use what it opened: it exists, has neither
 * expired nor outlived its absolute lifetime, its user is not disabled, and (when given) the user's
 * roles today still grant `permission`, and a client still belongs to the company the stream was opened
 * for. Event streams ask this at every heartbeat.
 */
export async function sessionStillGrants(
  actor: Pick<Actor, "id" | "sessionId"> & Partial<Pick<Actor, "clientId">>,
  permission: Permission | null,
): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({
      expiresAt: session.expiresAt,
      createdAt: session.createdAt,
      disabledAt: user.disabledAt,
      roles: sql<
        string[]
      >`array(select ${userRoles.role}::text from ${userRoles} where ${userRoles.userId} = ${user.id})`,
      companyId: clientMembers.companyId,
      companyRole: clientMembers.role,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(clientMembers, eq(clientMembers.userId, user.id))
    .where(and(eq(session.id, actor.sessionId), eq(session.userId, actor.id)));
  if (!row || row.disabledAt) return false;
  const now = new Date();
  if (row.expiresAt <= now) return false;
  if (sessionLifetimeEnded(row.createdAt, row.roles, now)) return false;
  if (actor.clientId && row.companyId !== actor.clientId) return false;
  return permission === null || permissionsOf(row.roles.filter(isAppRole), row.companyRole).has(permission);
}

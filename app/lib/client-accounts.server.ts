/**
 * The one lookup of a client account by id, for every feature that takes a client id from a URL or a
 * form (agreements, webhooks, lead assignment): the id names a client only if that account holds the
 * `client` role today and is a company's own account (ADR 037), not one of its members. And the people
 * of a company who can act on its leads, whom its notices (reminders, texts) reach.
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "~/db/client.server";
import { clientMembers, profiles, user, userRoles } from "~/db/schema";

/**
 * Whether the account `userId` is a client company's own account (its id is the company's), rather than
 * one of a company's members: the test every list of clients applies to the holders of the client role.
 */
export const isCompanyAccount = (userId: AnyPgColumn | SQL): SQL =>
  sql`exists (select 1 from ${clientMembers} where ${clientMembers.userId} = ${userId} and ${clientMembers.companyId} = ${userId})`;

export interface ClientAccount {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
}

/** The client account with this id and its names, or null when the id is not a client's. */
export async function findClientAccount(
  q: Database | Transaction,
  clientId: string,
): Promise<ClientAccount | null> {
  // Account ids are better-auth's short random texts: anything long cannot name one.
  if (clientId.length === 0 || clientId.length > 100) return null;
  const [row] = await q
    .select({
      id: userRoles.userId,
      email: user.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      companyName: profiles.companyName,
    })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .leftJoin(profiles, eq(profiles.userId, userRoles.userId))
    .where(
      and(eq(userRoles.userId, clientId), eq(userRoles.role, "client"), isCompanyAccount(userRoles.userId)),
    );
  return row ?? null;
}

export interface CompanyPerson {
  userId: string;
  companyId: string;
  email: string;
  firstName: string | null;
}

/**
 * The people to tell about the leads of `companyIds` now: members whose account is enabled, holds the
 * client role (revoking it locks a person out, ADR 037) and has been signed in to at least once, by e-mail.
 */
export async function activeCompanyPeople(
  q: Database | Transaction,
  companyIds: readonly string[],
): Promise<CompanyPerson[]> {
  if (companyIds.length === 0) return [];
  return (
    q
      .select({
        userId: clientMembers.userId,
        companyId: clientMembers.companyId,
        email: user.email,
        firstName: profiles.firstName,
      })
      .from(clientMembers)
      .innerJoin(user, eq(user.id, clientMembers.userId))
      .innerJoin(userRoles, and(eq(userRoles.userId, clientMembers.userId), eq(userRoles.role, "client")))
      .leftJoin(profiles, eq(profiles.userId, clientMembers.userId))
      // Lead data by e-mail or text only to people who have signed in: an invitation never taken up (or an
      // address an owner typed for someone) gets none.
      .where(
        and(
          inArray(clientMembers.companyId, [...companyIds]),
          isNull(user.disabledAt),
          isNotNull(user.firstSignedInAt),
        ),
      )
      .orderBy(asc(user.email))
  );
}

/**
 * The signed-in user's own profile (spec 01 §3: profiles).
 *
 * The company name of a client is the agency's to set: it names the client on the leads the agency
 * assigns and in the admin's lists, so a client could otherwise pass for another company. Admins change
 * it at /admin/users (user-admin.server.ts). Users without the client role (admins, sign-ups awaiting a
 * role) edit their own, as it is only their contact detail.
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { profiles, user } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import type { ProfileInput } from "./auth.schema";

export const COMPANY_SET_BY_AGENCY = "Your company name is set by the agency. Contact us to change it.";

/** Whether the actor's company name is set by the agency rather than by themselves. */
export const companySetByAgency = (actor: Pick<Actor, "roles">) => actor.roles.includes("client");

export type ProfileUpdateResult = { ok: true } | { ok: false; field: "companyName"; message: string };

/**
 * Saves the actor's profile and keeps the account's display name in step with it. For a client the
 * stored company name stays: a posted one that differs is refused (and nothing is saved); `companySent`
 * false means the form had no company field at all (the client's read-only view).
 */
export async function updateOwnProfile(
  actor: Actor,
  input: ProfileInput,
  { companySent = true }: { companySent?: boolean } = {},
): Promise<ProfileUpdateResult> {
  const db = await getDb();
  const lockedCompany = companySetByAgency(actor);
  return db.transaction(async (tx): Promise<ProfileUpdateResult> => {
    if (lockedCompany && companySent) {
      const [stored] = await tx
        .select({ companyName: profiles.companyName })
        .from(profiles)
        .where(eq(profiles.userId, actor.id))
        .for("update");
      if ((input.companyName ?? null) !== (stored?.companyName ?? null)) {
        return { ok: false, field: "companyName", message: COMPANY_SET_BY_AGENCY };
      }
    }
    const values = {
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      ...(lockedCompany ? {} : { companyName: input.companyName ?? null }),
      phone: input.phone ?? null,
      updatedAt: new Date(),
    };
    await tx
      .insert(profiles)
      .values({ userId: actor.id, email: actor.email, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: values });
    const name = [input.firstName, input.lastName].filter(Boolean).join(" ");
    await tx.update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, actor.id));
    return { ok: true };
  });
}

/** The signed-in user's own profile (spec 01 §3: profiles). */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { profiles, user } from "~/db/schema";
import type { Actor } from "./access.server";
import type { ProfileInput } from "./auth.schema";

/** Saves the actor's profile and keeps the account's display name in step with it. */
export async function updateOwnProfile(actor: Actor, input: ProfileInput): Promise<void> {
  const db = await getDb();
  const values = {
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    companyName: input.companyName ?? null,
    phone: input.phone ?? null,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ userId: actor.id, email: actor.email, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: values });
    const name = [input.firstName, input.lastName].filter(Boolean).join(" ");
    await tx.update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, actor.id));
  });
}

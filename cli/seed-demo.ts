/**
 * npm run seed:demo: fills the configured database (DATABASE_URL, or the embedded one in DATA_DIR) with
 * a demo data set for trying the product: an admin, three investor clients, about forty homeowner leads
 * with their timelines and client feedback, contact messages and job applications.
 *
 * The data is in seed-demo/fixtures; seed-demo/plan.ts turns it into each lead's steps and dates with a
 * seeded generator, and seed-demo/write.ts runs them through the app's own feature functions. The content
 * is invented and deterministic: a fresh database always gets the same data (dates are relative to the
 * day it runs).
 *
 * Idempotent: when the demo admin already exists it says so and changes nothing. With the embedded
 * database it runs while the server is stopped, like `npm run user`.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { careerApplications, user } from "~/db/schema";
import { passwordSchema } from "~/features/auth/auth.schema";
import { commandLine, createConfirmedUser } from "~/features/auth/user-admin.server";
import { saveAgreement } from "~/features/leads/agreements/agreements.server";
import { parseMarkets } from "~/features/leads/agreements/markets";
import { permissionsOf } from "~/lib/permissions";
import { env } from "~/lib/env.server";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_PASSWORD,
  demoAdmin,
  demoAgreements,
  demoClients,
} from "./seed-demo/fixtures/accounts";
import { demoCareers } from "./seed-demo/fixtures/submissions";
import { planLeads } from "./seed-demo/plan";
import { checkpoint, requestStop, SeedError, wasStopRequested } from "./seed-demo/run-control";
import { summary } from "./seed-demo/summary";
import { seedLead, seedSubmissions } from "./seed-demo/write";
import { UsageError, withDatabase } from "./with-database";

const START_OVER = "seed an empty database (a new DATA_DIR, or a new PostgreSQL database)";

async function accountId(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id;
}

/** What to say when the demo admin is already there: nothing changes, but a half-done run is named. */
async function alreadySeeded(db: Database, where: string, signIn: string): Promise<string> {
  // The last thing a run writes is the last job application: without it, a run stopped part-way.
  const last = demoCareers.at(-1)!.form.email;
  const [finished] = await db
    .select({ id: careerApplications.id })
    .from(careerApplications)
    .where(eq(careerApplications.email, last))
    .limit(1);
  return [
    `Demo data is already there (${DEMO_ADMIN_EMAIL} exists in ${where}); nothing was changed.`,
    ...(finished
      ? []
      : [`It looks incomplete (an earlier run stopped part-way?): to start over, ${START_OVER}.`]),
    `Sign in at ${signIn} as ${DEMO_ADMIN_EMAIL} with the password ${DEMO_PASSWORD} (unless it was changed since).`,
  ].join("\n");
}

async function seed(where: string): Promise<string> {
  const db = await getDb();
  const signIn = `${env().SITE_URL}/auth`;
  if (await accountId(db, DEMO_ADMIN_EMAIL)) return alreadySeeded(db, where, signIn);
  for (const client of demoClients) {
    if (await accountId(db, client.email)) {
      throw new SeedError(
        `The demo client ${client.email} exists but the demo admin does not: an earlier run stopped part-way. ` +
          `Seed an empty database (a new DATA_DIR, or a new PostgreSQL database) instead.`,
      );
    }
  }
  passwordSchema.parse(DEMO_PASSWORD);

  const now = new Date();
  const created = await createConfirmedUser(commandLine, {
    ...demoAdmin,
    password: DEMO_PASSWORD,
    role: "admin",
  });
  if (!created.ok) throw new SeedError(created.message);
  const adminId = (await accountId(db, DEMO_ADMIN_EMAIL))!;
  const admin = { id: adminId, permissions: permissionsOf(["admin"]) };
  const clientIds: string[] = [];
  for (const client of demoClients) {
    const result = await createConfirmedUser(commandLine, {
      ...client,
      password: DEMO_PASSWORD,
      role: "client",
    });
    if (!result.ok) throw new SeedError(result.message);
    clientIds.push((await accountId(db, client.email))!);
  }

  // Agreements from three days ago: the leads below are their first deliveries.
  const startsOn = new Date(now.getTime() - 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  for (const [i, clientId] of clientIds.entries()) {
    const terms = demoAgreements[i % demoAgreements.length]!;
    const markets = parseMarkets(terms.markets);
    if ("error" in markets) throw new SeedError(`A demo agreement's markets: ${markets.error}`);
    const saved = await saveAgreement(admin, clientId, {
      ...terms,
      markets: markets.items,
      propertyTypes: [...terms.propertyTypes],
      startsOn,
      returnWindowDays: 7,
      returnCapPercent: 20,
    });
    if (!saved.ok) throw new SeedError(`Could not save the agreement of ${demoClients[i]!.email}`);
  }

  for (const plan of planLeads(now)) {
    checkpoint();
    await seedLead(db, plan, adminId, clientIds);
  }
  const removedMails = await seedSubmissions(db, now, adminId);
  return summary(db, { where, signIn, adminId, clientIds, removedMails });
}

async function main(): Promise<number> {
  const stop = () => {
    if (requestStop()) console.error("Stopping after the current step...");
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  try {
    return await withDatabase(async (target) => {
      const where = target.kind === "pglite" ? `the embedded database in ${target.dataDir}` : "PostgreSQL";
      try {
        console.log(await seed(where));
        return 0;
      } catch (error) {
        const reason =
          error instanceof SeedError ? error.message : ((error as Error)?.stack ?? String(error));
        console.error(
          `Seeding failed: ${reason}\nThe demo data may be incomplete: ${START_OVER} to start over.`,
        );
        return wasStopRequested() ? 130 : 1;
      }
    });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return 1;
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;

if (isMain) {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(`Failed: ${(error as Error)?.stack ?? String(error)}`);
    process.exitCode = 1;
  }
}

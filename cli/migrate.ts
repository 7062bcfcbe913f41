/**
 * npm run db:migrate: applies pending migrations to the configured database (DATABASE_URL, or the
 * embedded database in DATA_DIR). The server also does this on every start.
 */
import { openDatabase } from "~/db/client.server";
import { databaseTargetFromEnv } from "~/lib/env.server";

try {
  const target = databaseTargetFromEnv();
  const handle = await openDatabase(target);
  await handle.close();
  console.log(
    `Migrations applied (${target.kind === "pglite" ? `PGlite in ${target.dataDir}` : "PostgreSQL"}).`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

/**
 * npm run installation [-- --new]: this database's installation id (ADR 028), under which its files are
 * kept in a shared bucket (FILE_STORAGE=s3). The id travels with the data: a restored backup or a
 * db:move target is the same installation, and takes over its files. A copy that runs beside its
 * original on the same bucket (a staging server made from production's backup) is not: give it a new id
 * with --new before its first start, so that it writes and sweeps only its own objects and never deletes
 * the ones its rows share with the original.
 *
 * Works on the configured database (DATABASE_URL, or the embedded one in DATA_DIR); stop the servers
 * that use it first.
 */
import { parseArgs } from "node:util";
import { getDb } from "~/db/db.server";
import { installationOf, renewInstallation } from "~/db/installation.server";
import { UsageError, withDatabase } from "./with-database";

const usage = "Usage: npm run installation [-- --new]";

async function run(argv: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { new: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help || positionals.length > 0) throw new UsageError(usage);
  return withDatabase(async () => {
    const db = await getDb();
    if (!values.new) return `Installation ${(await installationOf(db)).id}`;
    const before = (await installationOf(db)).id;
    const after = await renewInstallation(db);
    return (
      `Installation ${before} is now ${after.id}: new files go under ${after.id}/stored-files/, and ` +
      "the objects its rows share with installation " +
      `${before} are read but never deleted here.`
    );
  });
}

try {
  console.log(await run(process.argv.slice(2)));
} catch (error) {
  console.error(
    error instanceof UsageError ? error.message : `Failed: ${(error as Error)?.stack ?? String(error)}`,
  );
  process.exitCode = 1;
}

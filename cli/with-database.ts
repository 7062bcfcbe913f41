/**
 * The command-line tools' way into the database: the same target as the server (DATABASE_URL, or the
 * embedded one in DATA_DIR), opened, used and closed. The embedded database takes one process at a time,
 * so a command run beside the server stops with a clear instruction instead of a stack trace.
 */
import { openDatabase, type DatabaseTarget } from "~/db/client.server";
import { closeDatabase, installDatabase } from "~/db/db.server";
import { databaseTargetFromEnv } from "~/lib/env.server";
import { DataDirLockedError } from "~/db/dir-lock.server";

/** A failure whose message is meant for the person at the terminal, printed without a stack trace. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export async function withDatabase<T>(work: (target: DatabaseTarget) => Promise<T>): Promise<T> {
  const target = databaseTargetFromEnv();
  let handle;
  try {
    handle = await openDatabase(target);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new UsageError(
        `${error.message}\nThe server holds the lock on the embedded database: stop the server (Ctrl-C), ` +
          `run this command, then start the server again.`,
      );
    }
    throw error;
  }
  installDatabase(handle);
  try {
    return await work(target);
  } finally {
    await closeDatabase();
  }
}

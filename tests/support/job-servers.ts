/**
 * The server's background jobs in a test: the context a test server gives them (mail goes nowhere, the
 * outbox keeps it), and one periodic job run by two servers at once, as a cluster runs it.
 */
import type { DatabaseHandle } from "~/db/client.server";
import { env } from "~/lib/env.server";
import { startJobs } from "~/lib/jobs/runtime.server";
import { backgroundJobs, type JobContext } from "../../server/jobs";

export const testJobContext = (database: DatabaseHandle, extra: Partial<JobContext> = {}): JobContext => ({
  database,
  mail: { transport: async () => {}, from: env().MAIL_FROM },
  webhooksAllowPrivate: false,
  fileStore: null,
  ...extra,
});

/**
 * Runs the job `name` on two servers ("server-a", "server-b") until `done` says so (or about 5 s pass),
 * then stops both.
 */
export async function runOnTwoServers(database: DatabaseHandle, name: string, done: () => Promise<boolean>) {
  const runtimes = ["server-a", "server-b"].map((holder) => {
    const jobs = backgroundJobs(testJobContext(database)).filter((job) => job.name === name);
    if (jobs.length !== 1) throw new Error(`No job named ${name}`);
    return startJobs(database.db, jobs, { holder });
  });
  for (let i = 0; i < 250 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  await Promise.all(runtimes.map((runtime) => runtime.stop(2_000)));
}

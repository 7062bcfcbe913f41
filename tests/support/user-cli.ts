import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs the user CLI against `dataDir` the way `npm run user --` does (before the server takes the lock). */
export function userCli(dataDir: string, ...args: string[]) {
  return userCliOn({ DATA_DIR: dataDir, DATABASE_URL: "" }, ...args);
}

/** Runs the user CLI with the given database settings (DATA_DIR, or DATABASE_URL for PostgreSQL). */
export function userCliOn(database: { DATA_DIR: string; DATABASE_URL: string }, ...args: string[]) {
  const result = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["cli/user.ts", ...args], {
    cwd: root,
    env: { ...process.env, ...database },
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

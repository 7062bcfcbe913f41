/**
 * An exclusive lock on a data folder: two PGlite processes on one folder silently lose rows, so the
 * second opener is refused with a message that names the holder.
 */
import fs from "node:fs";
import path from "node:path";
import { PRIVATE_FILE_MODE } from "./private-files.server";

export interface DirLock {
  readonly file: string;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data folder ${dir} is in use by another Leadworks process (pid ${holderPid}). ` +
        `Stop that process first, or set DATA_DIR to another folder.`,
    );
    this.name = "DataDirLockedError";
  }
}

export const LOCK_NAME = "leadworks.lock";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDirLock(dir: string): DirLock {
  const file = path.join(dir, LOCK_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, "wx", PRIVATE_FILE_MODE);
      if (process.platform !== "win32") fs.fchmodSync(fd, PRIVATE_FILE_MODE);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new DataDirLockedError(dir, holder);
      }
      // The holder died without releasing (crash, kill -9): the lock is stale, take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

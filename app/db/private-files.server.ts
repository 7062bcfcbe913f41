/**
 * DATA_DIR holds the embedded database, e-mails with their sign-in links and the generated auth secret,
 * so only the server's own user may read it: folders we create are 0700 and files 0600. The modes are
 * set with chmod after creating, so the umask can neither loosen nor further tighten them.
 */
import fs from "node:fs";
import path from "node:path";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** File modes mean nothing on Windows; everywhere else they are enforced. */
const posix = process.platform !== "win32";

/** Creates `dir` and its missing parents as private folders; a folder that exists is left alone. */
export function ensurePrivateDir(dir: string): void {
  const target = path.resolve(dir);
  const firstCreated = fs.mkdirSync(target, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (firstCreated === undefined || !posix) return;
  // Every folder from `target` up to the first one mkdir created is ours.
  for (let current = target; ; current = path.dirname(current)) {
    fs.chmodSync(current, PRIVATE_DIR_MODE);
    if (current === path.resolve(firstCreated) || current === path.dirname(current)) break;
  }
}

/**
 * Opens `file` for writing, readable and writable by this user only; returns its descriptor. With
 * `flag: "wx"` (O_CREAT | O_EXCL) it fails with EEXIST when anything is there already, a symbolic link
 * included, which it never follows: the file is new and this process's alone.
 */
export function openPrivateFile(file: string, flag: "w" | "wx" = "w"): number {
  const fd = fs.openSync(file, flag, PRIVATE_FILE_MODE);
  try {
    if (posix) fs.fchmodSync(fd, PRIVATE_FILE_MODE);
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
  return fd;
}

/**
 * Writes `file` readable and writable by this user only. With `flag: "wx"` it fails with EEXIST when the
 * file is there already (the caller keeps the other writer's file).
 */
export function writePrivateFile(file: string, data: string | Uint8Array, flag: "w" | "wx" = "w"): void {
  const fd = openPrivateFile(file, flag);
  try {
    fs.writeFileSync(fd, data);
  } finally {
    fs.closeSync(fd);
  }
}

export interface PrivatePaths {
  /** DATA_DIR itself and the folders in it that we create. */
  dirs: string[];
  /** Files we create. */
  files: string[];
  /** Folders whose files are all ours (the .eml files of DATA_DIR/mail). */
  fileDirs?: string[];
}

const octal = (mode: number) => "0" + (mode & 0o777).toString(8);

/**
 * Tightens what an earlier version (or a permissive umask) left open to other users: each existing
 * folder of `paths.dirs` to 0700 and each existing file of `paths.files` and of the `fileDirs` folders to
 * 0600, when this user owns it. Returns at most one line for the log, or null when nothing was open.
 */
export function tightenPrivatePaths(root: string, paths: PrivatePaths): string | null {
  if (!posix || !fs.existsSync(root)) return null;
  const uid = process.getuid?.();
  const fileList = [...paths.files];
  for (const dir of paths.fileDirs ?? []) {
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isFile()) fileList.push(path.join(dir, entry.name));
    }
  }
  const tightened: string[] = [];
  const foreign: string[] = [];
  const visit = (target: string, wanted: number) => {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    // A symbolic link's own mode means nothing, and following it could change a file that is not ours.
    if (stat.isSymbolicLink() || (stat.mode & 0o777 & ~wanted) === 0) return;
    if (uid !== undefined && stat.uid !== uid) {
      foreign.push(`${path.relative(root, target) || "."} (${octal(stat.mode)})`);
      return;
    }
    fs.chmodSync(target, wanted);
    tightened.push(`${path.relative(root, target) || "."} ${octal(stat.mode)}`);
  };
  for (const dir of paths.dirs) visit(dir, PRIVATE_DIR_MODE);
  for (const file of fileList) visit(file, PRIVATE_FILE_MODE);
  if (tightened.length === 0 && foreign.length === 0) return null;
  const parts = [];
  if (tightened.length) {
    parts.push(
      `tightened ${tightened.length} path(s) open to other users to 0700 (folders) / 0600 (files): ${tightened.join(", ")}`,
    );
  }
  if (foreign.length) {
    parts.push(`owned by another user, so left as they are (restrict them yourself): ${foreign.join(", ")}`);
  }
  return `[data] ${root}: ${parts.join("; ")}`;
}

/**
 * The one database module: embedded PGlite under DATA_DIR by default, a PostgreSQL pool when
 * DATABASE_URL is set. Both speak the same SQL and run the same migrations.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { tidyTables } from "./maintenance.server";
import pg from "pg";
import { sql } from "drizzle-orm";
import * as schema from "./schema";
import { ensurePrivateDir } from "./private-files.server";
import { acquireDirLock, type DirLock } from "./dir-lock.server";
import { serveSnapshots } from "./snapshot-socket.server";
import { queryRows, textsIn, uuidsIn } from "./query-rows";
import { log } from "~/lib/log.server";

export type Schema = typeof schema;

/** The embedded database's folder inside DATA_DIR. */
export const PGLITE_DIR = "pglite";
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The transaction a `db.transaction(...)` callback receives. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** The database or a transaction in it: whatever a function that only runs statements needs. */
export type Queryable = Database | Transaction;

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string }
  | { kind: "pglite-memory" }
  | {
      kind: "postgres";
      url: string;
      poolSize?: number;
      /** Cancel a statement of the pool after this long (the web server's budget); none for tools. */
      statementTimeoutMs?: number;
    };

export interface DatabaseHandle {
  readonly kind: DatabaseTarget["kind"];
  readonly db: Database;
  /** Round trip to the database; throws when it is unreachable. */
  ping(): Promise<void>;
  /**
   * Calls `onMessage` for every NOTIFY on `channel` (from this process or any other on the same
   * database, delivered at commit). Returns the unsubscribe function.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * The connections as metrics show them: a PostgreSQL pool's total, idle and waiting counts; the
   * embedded database is one connection, open or closed, with nothing to wait for.
   */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** The folder of generated SQL migrations, found from this module in source and in the build. */
export const migrationsFolder = path.join(findProjectRoot(), "app", "db", "migrations");

function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error("Cannot find the project root (package.json) above " + import.meta.url);
    dir = parent;
  }
  return dir;
}

/** How many migrations this build knows (the journal of the migrations folder). */
export function knownMigrations(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** How many migrations the database has had applied (drizzle's journal), 0 for a new database. */
export async function appliedMigrations(db: Database): Promise<number> {
  const [journal] = await queryRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!journal?.name) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return row?.n ?? 0;
}

/**
 * Applies pending migrations; when an existing database got new ones, vacuums and analyzes every table
 * (maintenance.server.ts: a migration may have rewritten a table, losing its visibility map, or changed
 * what the planner should know). Seconds for a million leads, once per upgrade.
 */
async function migrateAndTidy(db: Database, migrate: () => Promise<void>): Promise<void> {
  const before = await appliedMigrations(db);
  await migrate();
  const after = await appliedMigrations(db);
  if (before === 0 || after === before) return;
  const started = performance.now();
  const tables = await tidyTables(db, { all: true });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log.info(
    `[db] ${after - before} migration(s) applied; ${tables.length} tables vacuumed and analyzed in ${seconds} s`,
  );
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    return openPostgres(target.url, target.poolSize ?? 10, target.statementTimeoutMs);
  }
  return openPglite(target.kind === "pglite" ? target.dataDir : null);
}

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  let lock: DirLock | undefined;
  let client: PGlite | undefined;
  try {
    if (dataDir) {
      // PGlite neither creates parent folders nor guards against a second process on the same folder,
      // and it creates its own folder with the umask's mode: create it private first.
      ensurePrivateDir(dataDir);
      lock = acquireDirLock(dataDir);
      ensurePrivateDir(path.join(dataDir, PGLITE_DIR));
    }
    client = new PGlite({
      dataDir: dataDir ? path.join(dataDir, PGLITE_DIR) : undefined,
      extensions: { pg_trgm },
    });
    await client.waitReady;
    const opened = client;
    const db = drizzlePglite({ client: opened, schema }) as unknown as Database;
    await migrateAndTidy(db, () => migratePglite(drizzlePglite({ client: opened }), { migrationsFolder }));
    // npm run backup asks whoever holds the folder for a snapshot (snapshot-socket.server.ts). Taken
    // inside the transaction lock, so it falls between transactions, never inside one; uncompressed,
    // so queries wait half as long (the command compresses it).
    const stopSnapshots = dataDir
      ? await serveSnapshots(dataDir, () =>
          opened._runExclusiveTransaction(async () => {
            const tarball = await opened.dumpDataDir("none");
            return new Uint8Array(await tarball.arrayBuffer());
          }),
        )
      : async () => undefined;
    return {
      kind: dataDir ? "pglite" : "pglite-memory",
      db,
      ping: async () => {
        await opened.query("select 1");
      },
      listen: (channel, onMessage) => opened.listen(channel, onMessage),
      poolStats: () => {
        const open = opened.closed ? 0 : 1;
        return { total: open, idle: open, waiting: 0, max: 1 };
      },
      close: async () => {
        try {
          await stopSnapshots();
          if (!opened.closed) await opened.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    if (client && !client.closed) await client.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

/**
 * How long opening a PostgreSQL connection may take before the query fails: a database that is down or
 * unreachable fails the request within this, and the server answers 503 with Retry-After
 * (server/unavailable.ts). Only the connect is bounded: under load a request may wait longer for a free
 * connection of the pool, as it always could.
 */
const CONNECT_TIMEOUT_MS = 3_000;

/**
 * A connection of the pool: the connect timeout (the pool's own option would bound waits for a free
 * connection too), and a listener for its errors at all times. pg-pool listens only while a connection
 * is idle; one checked out between two queries (inside a transaction) when PostgreSQL goes away
 * (a restart, 57P01) would otherwise emit an unhandled 'error' and end the process. The query waiting
 * on it fails, and the pool drops the dead connection when it comes back.
 */
class PooledClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    this.on("error", (error) => log.warn({ error }, "[db] PostgreSQL connection lost"));
  }
}

async function openPostgres(
  url: string,
  poolSize: number,
  statementTimeoutMs?: number,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    Client: PooledClient,
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // The pool passes on the errors of idle connections, already logged by PooledClient: without a
  // listener here they would end the process.
  pool.on("error", () => undefined);
  try {
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    // Migrations and the vacuum after them take as long as a large book needs: a connection of their own,
    // without the pool's statement budget.
    const migrator = new pg.Pool({ connectionString: url, max: 1, Client: PooledClient });
    migrator.on("error", () => undefined);
    try {
      const unbounded = drizzlePg({ client: migrator, schema }) as unknown as Database;
      await migrateAndTidy(unbounded, () => migratePg(drizzlePg({ client: migrator }), { migrationsFolder }));
    } finally {
      await migrator.end().catch(() => undefined);
    }
    const notifications = postgresNotifications(url);
    return {
      kind: "postgres",
      db,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      listen: notifications.listen,
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: poolSize,
      }),
      close: async () => {
        await notifications.close();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

/**
 * LISTEN on PostgreSQL needs one long-lived connection outside the pool. It is opened on first use and
 * re-opened (re-listening every channel) if it drops.
 */
function postgresNotifications(url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      next.on("notification", (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? "");
      });
      next.on("error", (error) => {
        log.warn({ error }, "[db] notification connection lost");
        client = undefined;
        connecting = undefined;
        if (!closed) {
          setTimeout(() => {
            connect().catch((failed: unknown) =>
              log.warn(
                { error: failed },
                "[db] notification connection not restored; the next listen tries again",
              ),
            );
          }, 1000).unref();
        }
      });
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client = next;
      return next;
    })();
    connecting.catch(() => (connecting = undefined));
    return connecting;
  };

  return {
    async listen(channel: string, onMessage: (payload: string) => void) {
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onMessage);
      const connection = client ?? (await connect());
      if (first) await connection.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(onMessage);
        if (set.size === 0) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}

// Callers take queryRows from here with the handle; it lives apart so maintenance.server.ts can use it
// without importing this module back (no cycle).
export { queryRows, textsIn, uuidsIn };

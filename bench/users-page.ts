/**
 * The weight and time of /admin/users with a few hundred accounts (issue 25 §7): the accounts of
 * lead-seed.ts (two admins and BENCH_USERS clients, 201 by default, with their profiles and roles, some
 * invited and some disabled) and 60 changes in the audit log, written into a file-backed PGlite (and,
 * with TEST_DATABASE_URL, a fresh PostgreSQL database); then the built server on it, signed in as an
 * admin, and the page's document requested BENCH_RUNS times after a warm-up: its size, the time to its
 * last byte and the server's CPU per request. Lighter than app-pages.ts (no lead book) for a quick check.
 *
 *   npm run build
 *   npx tsx bench/users-page.ts          # TEST_DATABASE_URL=... for PostgreSQL too
 *
 * BENCH_PATHS (comma-separated) measures more URLs of the page, e.g. "/admin/users?q=user1&role=client";
 * BENCH_SAVE=/tmp/x writes each page's HTML to /tmp/x-N.html.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { benchPeople, seedPeople } from "./lead-seed";
import {
  benchDatabases,
  cpuSeconds,
  getPage,
  kb,
  printTable,
  requireBuild,
  run,
  signIn,
  startServer,
} from "./support";

const clients = Number(process.env.BENCH_USERS ?? 201);
const runs = Number(process.env.BENCH_RUNS ?? 30);
const PASSWORD = "Bench-Users-2026!";
const ADMIN_EMAIL = "user0@bench.test";

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const round = (n: number) => Math.round(n * 10) / 10;

run(async () => {
  requireBuild();
  const rows: (string | number)[][] = [];
  for (const target of benchDatabases("lw-bench-users-")) {
    const { db, close } = await target.open();
    const people = benchPeople(clients);
    await seedPeople(db, people);
    const { hashPassword } = await import("better-auth/crypto");
    await db.execute(sql`update "user" set email_verified = true,
      created_at = now() - (substring(email from 'user(\\d+)')::int * interval '1 hour')`);
    // Every account has a password but one in ten (invited); one in twenty is disabled.
    await db.execute(sql`
      insert into account (id, account_id, provider_id, user_id, password)
      select 'pw-' || id, id, 'credential', id, ${await hashPassword(PASSWORD)} from "user"
      where email = ${ADMIN_EMAIL} or substring(email from 'user(\\d+)')::int % 10 <> 3`);
    await db.execute(
      sql`update "user" set disabled_at = now() where substring(email from 'user(\\d+)')::int % 20 = 7`,
    );
    await db.execute(sql`
      insert into audit_log (actor_id, target_user_id, action, details)
      select ${people.adminId}, ${people.clientIds[0]!}, 'role.granted', '{"role":"client"}'::jsonb
      from generate_series(1, 60)`);
    // As guarantee-book.ts does: the updates above left a dead row per account, which a database in use
    // has vacuumed away (autovacuum, or the embedded database's maintenance job).
    await db.execute(sql`vacuum analyze`);
    await close();
    const server = await startServer(target.serverEnv());
    const cookie = await signIn(server, ADMIN_EMAIL, PASSWORD).catch((error: unknown) => {
      console.error(server.output().slice(-3000));
      throw error;
    });
    const paths = ["/admin/users", ...(process.env.BENCH_PATHS?.split(",") ?? [])];
    for (const urlPath of paths) {
      await getPage(server, cookie, urlPath).catch((error: unknown) => {
        console.error(server.output().slice(-3000));
        throw error;
      });
      for (let i = 0; i < 3; i++) await getPage(server, cookie, urlPath);
      const times: number[] = [];
      let bytes = 0;
      const cpuBefore = cpuSeconds(server.pid);
      for (let i = 0; i < runs; i++) {
        const page = await getPage(server, cookie, urlPath);
        if (page.status !== 200) throw new Error(`${urlPath} answered ${page.status}`);
        times.push(page.ms);
        bytes = page.bytes;
        if (process.env.BENCH_SAVE)
          fs.writeFileSync(`${process.env.BENCH_SAVE}-${rows.length}.html`, page.body);
      }
      const cpuMs = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / runs;
      times.sort((a, b) => a - b);
      rows.push([
        target.name,
        urlPath,
        clients + 2,
        kb(bytes),
        round(percentile(times, 50)),
        round(percentile(times, 95)),
        round(cpuMs),
      ]);
    }
    await server.stop();
  }
  printTable(["database", "page", "accounts", "KB", "p50 ms", "p95 ms", "server CPU ms"], rows);
});

/**
 * The one database schema: every table of both spec documents, the auth tables of better-auth, stored
 * files, rate-limit hits and the outboxes, one file per area under schema/. Migrations are generated from
 * this module by drizzle-kit (`npm run db:generate`) and work on PGlite and PostgreSQL 15+.
 */
export * from "./schema/pg-enums";
export * from "./schema/accounts";
export * from "./schema/files";
export * from "./schema/submissions";
export * from "./schema/leads";
export * from "./schema/imports";
export * from "./schema/api";
export * from "./schema/deliveries";
export * from "./schema/agreements";
export * from "./schema/routing";
export * from "./schema/platform";
export * from "./schema/webhooks";

/**
 * The runtime contract (DESIGN.md): every environment variable the server reads, validated once.
 * A bad value stops the process with one clear line naming the variable.
 */
import path from "node:path";
import { z } from "zod";
import type { DatabaseTarget } from "~/db/client.server";

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), "must start with postgres:// or postgresql://");

const envSchema = z.object({
  NODE_ENV: optional(z.enum(["development", "production", "test"])),
  HOST: optional(z.string().min(1)).default("0.0.0.0"),
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
  DATA_DIR: optional(z.string().min(1)).default("./data"),
  DATABASE_URL: optional(postgresUrl),
  SITE_URL: optional(z.url({ protocol: /^https?$/ }).transform((v) => v.replace(/\/+$/, ""))),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  MAIL_FROM: optional(z.string().min(3)).default("Leadworks <no-reply@leadworks.example>"),
  CONTACT_EMAIL: optional(z.email()).default("hello@leadworks.example"),
  NOTIFY_EMAIL: optional(z.email()).default("team@leadworks.example"),
  AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  TRUST_PROXY: optional(z.enum(["off", "x-forwarded-for", "x-real-ip", "cf-connecting-ip"])).default("off"),
  IP_RATE_LIMITS: optional(z.enum(["on", "off"])).default("on"),
  /** Development only: log the links (with their tokens) of e-mails written as .eml files. */
  LOG_MAIL_LINKS: optional(z.enum(["on", "off"])).default("off"),
  /**
   * Webhooks may reach loopback, private and link-local addresses, and plain http:// URLs (a local
   * receiver has no certificate). Development and tests only: never in production (SSRF).
   */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: optional(z.enum(["true", "false"]))
    .default("false")
    .transform((v) => v === "true"),
  ANALYTICS_ID: optional(z.string().regex(/^[A-Za-z0-9-]{4,40}$/, "must be a measurement id like G-XXXX")),
});

export type Env = z.infer<typeof envSchema> & { SITE_URL: string; DATA_DIR: string };

/** Parses an environment; throws an Error whose message is one line naming the bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = issue.path.join(".");
    throw new Error(
      `Invalid environment variable ${name}: ${issue.message} (got ${JSON.stringify(source[name])})`,
    );
  }
  const env = result.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
  };
}

let cached: Env | undefined;

/** The validated environment of this process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Where the database is: PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR. */
export function databaseTargetFromEnv(): DatabaseTarget {
  const config = env();
  return config.DATABASE_URL
    ? { kind: "postgres", url: config.DATABASE_URL }
    : { kind: "pglite", dataDir: config.DATA_DIR };
}

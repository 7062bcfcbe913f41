/**
 * The runtime contract (DESIGN.md): every environment variable the server reads, validated once.
 * A bad value stops the process with one clear line naming the variable.
 */
import path from "node:path";
import { z } from "zod";
import type { DatabaseTarget } from "~/db/client.server";
import { parseAddressList } from "./address-list";
import { isTimeZone } from "./agency-time";
import { LOG_FORMATS, LOG_LEVELS, redactText, type LogFormat } from "./log.server";
import { E164, isSmsCountry, type SmsCountry } from "./sms/phone";

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
  /**
   * The IANA time zone the agency works in: its business hours (spec 01 §9 names none) are read there,
   * in the contact receipt, for the staff's daily feedback digest and the clients' reminders. Eastern
   * Time unless set.
   */
  AGENCY_TIME_ZONE: optional(
    z.string().refine(isTimeZone, "must be an IANA time zone like America/Chicago"),
  ).default("America/New_York"),
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
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)).default("info"),
  /** Unset: pretty in development, JSON lines otherwise. */
  LOG_FORMAT: optional(z.enum(LOG_FORMATS)),
  /** A bearer token that opens /metrics. */
  METRICS_TOKEN: optional(
    z
      .string()
      .min(24, "must be at least 24 characters")
      .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces"),
  ),
  /** Addresses and networks (CIDR) that may read /metrics without the token. */
  METRICS_ALLOW: optional(
    z.string().superRefine((value, context) => {
      try {
        parseAddressList(value);
      } catch (error) {
        context.addIssue({
          code: "custom",
          message: `${(error as Error).message} (use e.g. 10.0.0.0/8,::1)`,
        });
      }
    }),
  ),
  /** Where uploaded files' bytes go: the database (default) or an S3-compatible bucket (ADR 028). */
  FILE_STORAGE: optional(z.enum(["database", "s3"])).default("database"),
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name")),
  /** Unset: AWS itself; set for any other S3-compatible store (MinIO, R2, s3rver...). */
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
  S3_REGION: optional(z.string().regex(/^[a-z0-9-]+$/, "must be a region like us-east-1")).default(
    "us-east-1",
  ),
  /** Both or neither; neither leaves credentials to the SDK's own chain (instance role, ~/.aws...). */
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  /** Most self-hosted stores want bucket.in/the/path rather than a bucket subdomain. */
  S3_FORCE_PATH_STYLE: optional(z.enum(["true", "false"]))
    .default("false")
    .transform((v) => v === "true"),
  /**
   * Text messages (ADR 045): off unless set to twilio, with the account, its auth token and the number
   * (E.164) the texts come from. TWILIO_API_URL is Twilio's own unless a test points it at a fake.
   */
  SMS_PROVIDER: optional(z.enum(["off", "twilio"])).default("off"),
  TWILIO_ACCOUNT_SID: optional(
    z.string().regex(/^AC[0-9a-fA-F]{32}$/, "must be an account SID like AC0123..."),
  ),
  TWILIO_AUTH_TOKEN: optional(z.string().min(16, "must be at least 16 characters")),
  TWILIO_FROM: optional(z.string().regex(E164, "must be a phone number in E.164 form like +13125550123")),
  TWILIO_API_URL: optional(z.url({ protocol: /^https?$/ }).transform((v) => v.replace(/\/+$/, ""))).default(
    "https://api.twilio.com",
  ),
  /** Where texts may go: country codes (US, CA, GB, IE, MX, AU, NZ), comma-separated. */
  SMS_COUNTRIES: optional(
    z
      .string()
      .transform((v) => v.split(",").map((c) => c.trim().toUpperCase()))
      .refine(
        (list) => list.length > 0 && list.every(isSmsCountry),
        "must list countries among US, CA, GB, IE, MX, AU, NZ",
      )
      .transform((list) => list as SmsCountry[]),
  ).default(["US", "CA"]),
  /**
   * The web server's budget for one PostgreSQL statement (waiting for a lock included): past it the
   * statement is cancelled and the request answered 503 with Retry-After, while the rest keep being served.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(600_000)).default(30_000),
  /** The most texts one client company is sent a day (new leads, reminders, codes): each one costs. */
  SMS_DAILY_LIMIT: optional(z.coerce.number().int().min(1).max(100_000)).default(200),
});

const smsRequired = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;

/**
 * The rules between variables: with SMS_PROVIDER=twilio its account, token and number are required; with
 * FILE_STORAGE=s3 the bucket is, and the credentials come as a pair.
 */
const checkedSchema = envSchema.superRefine((env, context) => {
  if (env.SMS_PROVIDER === "twilio") {
    for (const name of smsRequired) {
      if (!env[name])
        context.addIssue({ code: "custom", path: [name], message: "is required when SMS_PROVIDER=twilio" });
    }
  }
  if (env.FILE_STORAGE !== "s3") return;
  if (!env.S3_BUCKET)
    context.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when FILE_STORAGE=s3" });
  else if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    context.addIssue({
      code: "custom",
      path: [missing],
      message: "must be set together with the other S3 key",
    });
  }
});

/** Values never repeated in an error message (URLs are shown without their credentials). */
const SECRET_VARIABLES = new Set([
  "AUTH_SECRET",
  "METRICS_TOKEN",
  "S3_SECRET_ACCESS_KEY",
  "TWILIO_AUTH_TOKEN",
]);

export type Env = z.infer<typeof envSchema> & { SITE_URL: string; DATA_DIR: string; LOG_FORMAT: LogFormat };

/** Parses an environment; throws an Error whose message is one line naming the bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = checkedSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = issue.path.join(".");
    const value = source[name] ?? "";
    const got = SECRET_VARIABLES.has(name) ? `${value.length} characters` : JSON.stringify(redactText(value));
    throw new Error(`Invalid environment variable ${name}: ${issue.message} (got ${got})`);
  }
  const env = result.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    LOG_FORMAT: env.LOG_FORMAT ?? (env.NODE_ENV === "development" ? "pretty" : "json"),
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

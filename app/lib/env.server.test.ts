import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.IP_RATE_LIMITS).toBe("on");
    expect(env.TRUST_PROXY).toBe("off");
    expect(env.LOG_MAIL_LINKS).toBe("off");
    expect(env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES).toBe(false);
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.LOG_FORMAT).toBe("json");
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(env.METRICS_ALLOW).toBeUndefined();
    expect(env.AGENCY_TIME_ZONE).toBe("America/New_York");
  });

  it("takes an IANA time zone for AGENCY_TIME_ZONE and refuses anything else", () => {
    expect(parseEnv({ AGENCY_TIME_ZONE: "America/Chicago" }).AGENCY_TIME_ZONE).toBe("America/Chicago");
    expect(parseEnv({ AGENCY_TIME_ZONE: "UTC" }).AGENCY_TIME_ZONE).toBe("UTC");
    expect(() => parseEnv({ AGENCY_TIME_ZONE: "Eastern" })).toThrow(
      'Invalid environment variable AGENCY_TIME_ZONE: must be an IANA time zone like America/Chicago (got "Eastern")',
    );
  });

  it("logs pretty by default only in development", () => {
    expect(parseEnv({ NODE_ENV: "development" }).LOG_FORMAT).toBe("pretty");
    expect(parseEnv({ NODE_ENV: "production" }).LOG_FORMAT).toBe("json");
    expect(parseEnv({ NODE_ENV: "development", LOG_FORMAT: "json" }).LOG_FORMAT).toBe("json");
  });

  it("accepts addresses and networks for METRICS_ALLOW", () => {
    expect(parseEnv({ METRICS_ALLOW: "127.0.0.1, 10.0.0.0/8 ::1,fd00::/8" }).METRICS_ALLOW).toBeDefined();
  });

  it("never repeats a secret value or a URL's password in its message", () => {
    expect(() => parseEnv({ METRICS_TOKEN: "short-token" })).toThrow(
      "Invalid environment variable METRICS_TOKEN: must be at least 24 characters (got 11 characters)",
    );
    expect(() => parseEnv({ DATABASE_URL: "mysql://app:hunter2@db/x" })).toThrow(
      /mysql:\/\/app:\[redacted\]@db/,
    );
  });

  it("reads WEBHOOK_ALLOW_PRIVATE_ADDRESSES as true or false only", () => {
    expect(parseEnv({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true" }).WEBHOOK_ALLOW_PRIVATE_ADDRESSES).toBe(true);
    expect(() => parseEnv({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "yes" })).toThrow(
      /Invalid environment variable WEBHOOK_ALLOW_PRIVATE_ADDRESSES/,
    );
  });

  it("keeps files in the database unless FILE_STORAGE=s3 names a bucket", () => {
    expect(parseEnv({}).FILE_STORAGE).toBe("database");
    const s3 = parseEnv({
      FILE_STORAGE: "s3",
      S3_BUCKET: "leadworks-files",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(s3).toMatchObject({ FILE_STORAGE: "s3", S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: true });
    expect(() => parseEnv({ FILE_STORAGE: "s3" })).toThrow(
      'Invalid environment variable S3_BUCKET: is required when FILE_STORAGE=s3 (got "")',
    );
    expect(() =>
      parseEnv({ FILE_STORAGE: "s3", S3_BUCKET: "files", S3_SECRET_ACCESS_KEY: "hunter2" }),
    ).toThrow(/^Invalid environment variable S3_ACCESS_KEY_ID: must be set together with the other S3 key/);
    expect(() => parseEnv({ S3_SECRET_ACCESS_KEY: "" })).not.toThrow();
  });

  it("sends no text messages unless SMS_PROVIDER=twilio names an account, its token and a number", () => {
    expect(parseEnv({})).toMatchObject({ SMS_PROVIDER: "off", TWILIO_API_URL: "https://api.twilio.com" });
    const twilio = {
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"0a".repeat(16)}`,
      TWILIO_AUTH_TOKEN: "f".repeat(32),
      TWILIO_FROM: "+13125550100",
    };
    expect(parseEnv(twilio)).toMatchObject(twilio);
    expect(() => parseEnv({ SMS_PROVIDER: "twilio" })).toThrow(
      'Invalid environment variable TWILIO_ACCOUNT_SID: is required when SMS_PROVIDER=twilio (got "")',
    );
    expect(() => parseEnv({ ...twilio, TWILIO_FROM: "312-555-0100" })).toThrow(
      /^Invalid environment variable TWILIO_FROM: must be a phone number in E\.164 form/,
    );
    // The token is a secret: a bad one is described by its length only.
    expect(() => parseEnv({ ...twilio, TWILIO_AUTH_TOKEN: "short-secret" })).toThrow(
      "Invalid environment variable TWILIO_AUTH_TOKEN: must be at least 16 characters (got 12 characters)",
    );
    expect(() => parseEnv({ SMS_PROVIDER: "sms" })).toThrow(/^Invalid environment variable SMS_PROVIDER/);
  });

  it("derives SITE_URL from PORT and strips a trailing slash from a given one", () => {
    expect(parseEnv({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(parseEnv({ SITE_URL: "https://example.com/" }).SITE_URL).toBe("https://example.com");
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", SMTP_URL: " " }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["SITE_URL", "ftp://example.com"],
    ["SMTP_URL", "http://mail"],
    ["CONTACT_EMAIL", "not-an-email"],
    ["AUTH_SECRET", "short"],
    ["IP_RATE_LIMITS", "maybe"],
    ["LOG_MAIL_LINKS", "yes"],
    ["LOG_LEVEL", "verbose"],
    ["LOG_FORMAT", "xml"],
    ["METRICS_TOKEN", "too-short"],
    ["FILE_STORAGE", "disk"],
    ["S3_BUCKET", "Not A Bucket"],
    ["S3_ENDPOINT", "ftp://store"],
    ["S3_REGION", "US East"],
    ["S3_FORCE_PATH_STYLE", "yes"],
    ["METRICS_TOKEN", "a token with spaces that is long enough"],
    ["METRICS_ALLOW", "10.0.0.0/33"],
    ["METRICS_ALLOW", "localhost"],
  ])("rejects %s=%s with one line naming the variable", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(
      new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`),
    );
  });
});

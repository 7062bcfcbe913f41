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
  });

  it("reads WEBHOOK_ALLOW_PRIVATE_ADDRESSES as true or false only", () => {
    expect(parseEnv({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true" }).WEBHOOK_ALLOW_PRIVATE_ADDRESSES).toBe(true);
    expect(() => parseEnv({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "yes" })).toThrow(
      /Invalid environment variable WEBHOOK_ALLOW_PRIVATE_ADDRESSES/,
    );
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
  ])("rejects %s=%s with one line naming the variable", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(
      new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`),
    );
  });
});

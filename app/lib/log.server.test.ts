import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import {
  captureLog,
  createLogger,
  log,
  logSettingsFrom,
  noteRequestRefusal,
  noteRequestUser,
  redactText,
  runInRequestScope,
  type LogCapture,
  type RequestLogScope,
} from "./log.server";

let capture: LogCapture | undefined;
afterEach(() => capture?.stop());

/** Logs through the process's logger into memory and returns the parsed lines. */
function lines(fn: () => void) {
  capture = captureLog();
  fn();
  capture.stop();
  return capture.entries();
}

const SECRET = "s3cret-Value-4711";

describe("redactText", () => {
  it.each([
    [
      `postgres://app:${SECRET}@db.internal:5432/leadworks`,
      "postgres://app:[redacted]@db.internal:5432/leadworks",
    ],
    [`GET /auth/reset-password?token=${SECRET}&x=1`, "GET /auth/reset-password?token=[redacted]&x=1"],
    [`https://x.example/cb?code=${SECRET}`, "https://x.example/cb?code=[redacted]"],
    [`Authorization: Bearer ${SECRET}`, "Authorization: Bearer [redacted]"],
    [
      `Failed query: insert into "contact_submissions" values ($1, $2)\nparams: Jane,${SECRET}\nand more`,
      `Failed query: insert into "contact_submissions" values ($1, $2)\nparams: [redacted]`,
    ],
  ])("cleans %s", (text, clean) => {
    expect(redactText(text)).toBe(clean);
  });

  it("keeps ordinary text and caps long text", () => {
    expect(redactText("[server] stopped")).toBe("[server] stopped");
    expect(redactText("x".repeat(5000))).toHaveLength(2001);
  });
});

describe("the logger", () => {
  it("writes one JSON object per line with level, time and message", () => {
    const [line] = lines(() => log.info("[server] stopped"));
    expect(line).toMatchObject({ level: "info", msg: "[server] stopped" });
    expect(new Date(String(line!.time)).getTime()).toBeGreaterThan(0);
  });

  it("censors secret fields at the top level and one level down", () => {
    const [line] = lines(() =>
      log.info(
        {
          password: SECRET,
          token: SECRET,
          form: { password: SECRET, newPassword: SECRET, body: SECRET },
          request: { headers: { cookie: SECRET }, cookie: SECRET, authorization: `Bearer ${SECRET}` },
          kept: "visible",
        },
        "fields",
      ),
    );
    expect(JSON.stringify(line)).not.toContain(SECRET);
    expect(line).toMatchObject({ password: "[redacted]", kept: "visible" });
  });

  it("cleans messages of tokens and credentials", () => {
    const [line] = lines(() => log.warn(`[db] cannot reach postgres://u:${SECRET}@h/db?token=${SECRET}`));
    expect(line!.msg).toBe("[db] cannot reach postgres://u:[redacted]@h/db?token=[redacted]");
  });

  it("logs an error's type, code, message and stack, never a failed query's parameters", () => {
    const cause = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
      detail: `Key (email)=(${SECRET}@example.com) already exists.`,
    });
    const error = Object.assign(
      new Error(`Failed query: insert into "leads" values ($1)\nparams: ${SECRET},line two`),
      { cause, query: "insert", params: [SECRET] },
    );
    const [unexpected, expected] = lines(() => {
      log.error({ err: error }, "[server] request failed");
      log.warn({ error }, "[leads] create failed");
    });
    const text = JSON.stringify([unexpected, expected]);
    expect(text).not.toContain(SECRET);
    expect(unexpected!.err).toMatchObject({
      type: "Error",
      message: 'Failed query: insert into "leads" values ($1)\nparams: [redacted]',
      cause: { code: "23505", message: "duplicate key value violates unique constraint" },
    });
    expect(String((unexpected!.err as { stack: string }).stack)).toMatch(/\n\s+at /);
    // An expected failure is a line without a stack.
    expect(expected!.error).not.toHaveProperty("stack");
  });

  it("carries the request id on every line of a request, and the request's facts stay on its scope", () => {
    const scope: RequestLogScope = { id: "req-1" };
    const [inside, outside] = lines(() => {
      runInRequestScope(scope, () => {
        noteRequestUser("user-7");
        noteRequestRefusal("origin");
        log.info("inside");
      });
      log.info("outside");
    });
    expect(inside).toMatchObject({ msg: "inside", reqId: "req-1" });
    expect(outside).not.toHaveProperty("reqId");
    expect(scope).toEqual({ id: "req-1", userId: "user-7", refusal: "origin" });
  });

  it("logs a refusal outside a request on a line of its own", () => {
    const [line] = lines(() => noteRequestRefusal("refused by the data layer (lead:read:any)"));
    expect(line).toMatchObject({
      level: "warn",
      msg: "[http] refused: refused by the data layer (lead:read:any)",
    });
  });

  it("drops lines under LOG_LEVEL", () => {
    let text = "";
    const logger = createLogger(
      { level: "warn", format: "json" },
      { write: (line: string) => void (text += line) },
    );
    logger.info("quiet");
    logger.warn("loud");
    expect(
      text
        .trim()
        .split("\n")
        .map((line) => (JSON.parse(line) as { msg: string }).msg),
    ).toEqual(["loud"]);
  });
});

describe("pretty output", () => {
  const collect = () => {
    let text = "";
    return { destination: { write: (line: string) => void (text += line) }, text: () => text };
  };

  it("prints a readable line through pino-pretty when asked for", () => {
    let text = "";
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        text += chunk.toString();
        callback();
      },
    });
    createLogger({ level: "info", format: "pretty" }, destination).info({ status: 200 }, "[http] GET / 200");
    expect(text).toMatch(/INFO.*\[http\] GET \/ 200\n\s+status: 200/);
  });

  it("falls back to JSON lines, saying why, when pino-pretty is not installed", () => {
    const out = collect();
    const logger = createLogger({ level: "info", format: "pretty" }, out.destination, () => {
      throw Object.assign(new Error("Cannot find module 'pino-pretty'"), { code: "MODULE_NOT_FOUND" });
    });
    logger.info("[server] stopped");
    const lines = out
      .text()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { level: string; msg: string });
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      ["warn", "[log] LOG_FORMAT=pretty needs pino-pretty (a development package): logging JSON"],
      ["info", "[server] stopped"],
    ]);
  });
});

describe("logSettingsFrom", () => {
  it("is JSON at info by default, pretty in development, and follows LOG_LEVEL and LOG_FORMAT", () => {
    expect(logSettingsFrom({})).toEqual({ level: "info", format: "json" });
    expect(logSettingsFrom({ NODE_ENV: "development" })).toEqual({ level: "info", format: "pretty" });
    expect(logSettingsFrom({ LOG_LEVEL: "debug", LOG_FORMAT: "pretty" })).toEqual({
      level: "debug",
      format: "pretty",
    });
    expect(logSettingsFrom({ LOG_LEVEL: "loud" }).level).toBe("info");
  });
});

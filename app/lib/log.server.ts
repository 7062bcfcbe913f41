/**
 * The server's one logger: structured JSON lines through pino (pretty output in development when
 * pino-pretty is installed), level by LOG_LEVEL, format by LOG_FORMAT. Every line written while a request
 * is handled carries that request's id (`reqId`), and the server writes one line per request
 * (server/request-log.ts) to which code below can add facts: who asked, why it was refused.
 *
 * Nothing secret reaches a line: fields named like a password, token, cookie, secret or body are
 * censored; error objects keep only their type, code, message and stack, and their text is cleaned of
 * URL credentials, query tokens, bearer tokens and the parameters of failed queries (which hold what a
 * visitor typed); messages get the same cleaning. Logging is a sink for every layer, the database too
 * (ADR 026): this module imports nothing of ours.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import pino, { type DestinationStream, type LevelWithSilent } from "pino";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ["json", "pretty"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface LogSettings {
  level: LogLevel;
  format: LogFormat;
}

// ---------------------------------------------------------------- cleaning

const REDACTED = "[redacted]";

/** Field names whose values never reach a line, at the top level and one level down. */
const SECRET_FIELDS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "secret",
  "cookie",
  "cookies",
  "authorization",
  "apiKey",
  "body",
  "headers",
];
const REDACT_PATHS = SECRET_FIELDS.flatMap((name) => [name, `*.${name}`]);

/** Query parameter names whose values are credentials (reset and confirmation links, signed URLs). */
const SECRET_PARAMS =
  /([?&;](?:token|code|password|secret|key|api_key|apikey|access_token|refresh_token|signature|sig|x-amz-signature|x-amz-credential)=)[^&\s"'<>]*/gi;

/**
 * Text as a log may show it: URL credentials, secret query values and bearer tokens replaced, the
 * parameter list of a failed query (the values a visitor typed) dropped, and at most 2,000 characters.
 */
export function redactText(text: string): string {
  let clean = text
    .replace(/\bparams: [\s\S]*$/, `params: ${REDACTED}`)
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s@/]*@/gi, `$1:${REDACTED}@`)
    .replace(SECRET_PARAMS, `$1${REDACTED}`)
    .replace(/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`);
  if (clean.length > 2000) clean = `${clean.slice(0, 2000)}…`;
  return clean;
}

interface LoggedError {
  type: string;
  message: string;
  code?: string;
  status?: number;
  stack?: string;
  cause?: LoggedError;
}

/**
 * The stack's frames under the cleaned message: the message (which may hold a failed query's parameters,
 * newlines and all) is taken off the top by length rather than by pattern.
 */
function cleanStack(error: Error): string {
  const head = `${error.name}: ${error.message}`;
  const stack = error.stack ?? "";
  const firstFrame = stack.indexOf("\n    at ");
  const frames = stack.startsWith(head)
    ? stack.slice(head.length)
    : firstFrame === -1
      ? ""
      : stack.slice(firstFrame);
  return `${error.name}: ${redactText(error.message)}${redactText(frames)}`;
}

/** An error as a line shows it: only its type, code, status, message, (stack) and cause, all cleaned. */
function loggedError(error: unknown, withStack: boolean, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)) };
  const { code, status } = error as { code?: unknown; status?: unknown };
  return {
    type: error.name,
    message: redactText(error.message),
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof status === "number" ? { status } : {}),
    ...(withStack && error.stack ? { stack: cleanStack(error) } : {}),
    ...(error.cause !== undefined && depth < 3
      ? { cause: loggedError(error.cause, withStack, depth + 1) }
      : {}),
  };
}

// ---------------------------------------------------------------- request scope

/** What the per-request line says beyond the request itself; code handling the request adds to it. */
export interface RequestLogScope {
  readonly id: string;
  /** The signed-in user (or API key owner), once known. */
  userId?: string;
  /** Why the request was refused (the short reason of a 4xx), written on the request line. */
  refusal?: string;
  /** A database statement of the request ran past DATABASE_STATEMENT_TIMEOUT_MS: answered 503. */
  overBudget?: boolean;
}

const requestScope = new AsyncLocalStorage<RequestLogScope>();

/** Runs `fn` as part of the request `scope`: every line it logs carries the request id. */
export function runInRequestScope<T>(scope: RequestLogScope, fn: () => T): T {
  return requestScope.run(scope, fn);
}

/** The request being handled, if any. */
export function currentRequestScope(): RequestLogScope | undefined {
  return requestScope.getStore();
}

/** Names the user behind the current request on its log line (and nowhere else). */
export function noteRequestUser(userId: string): void {
  const scope = requestScope.getStore();
  if (scope) scope.userId = userId;
}

/**
 * Puts a refusal's reason on the current request's line, so a refused request is still one line;
 * outside a request (a test calling a loader) it is logged on its own.
 */
export function noteRequestRefusal(reason: string): void {
  const scope = requestScope.getStore();
  if (scope) scope.refusal = reason;
  else log.warn(`[http] refused: ${reason}`);
}

// ---------------------------------------------------------------- the logger

/** The settings from the environment's raw values; invalid ones fall back (env.server.ts reports them). */
export function logSettingsFrom(source: NodeJS.ProcessEnv): LogSettings {
  const level = (LOG_LEVELS as readonly string[]).includes(source.LOG_LEVEL ?? "")
    ? (source.LOG_LEVEL as LogLevel)
    : "info";
  const format = (LOG_FORMATS as readonly string[]).includes(source.LOG_FORMAT ?? "")
    ? (source.LOG_FORMAT as LogFormat)
    : source.NODE_ENV === "development"
      ? "pretty"
      : "json";
  return { level, format };
}

type PrettyFactory = (options: Record<string, unknown>) => DestinationStream;

/** pino-pretty, loaded only when pretty output is asked for. */
function loadPinoPretty(): PrettyFactory {
  return createRequire(import.meta.url)("pino-pretty") as PrettyFactory;
}

/**
 * A logger with these settings, writing to `destination` (stdout by default). Pretty output goes to
 * stdout through pino-pretty, a development dependency: without it (a production install) the lines stay
 * JSON, and the first says why.
 */
export function createLogger(
  settings: LogSettings,
  destination?: DestinationStream,
  loadPretty: () => PrettyFactory = loadPinoPretty,
): pino.Logger {
  let stream = destination;
  let prettyMissing = false;
  if (settings.format === "pretty") {
    try {
      const pretty = loadPretty();
      stream = pretty({
        colorize: !destination && Boolean(process.stdout.isTTY),
        sync: true,
        ignore: "pid,hostname",
        ...(destination ? { destination } : {}),
      });
    } catch {
      prettyMissing = true;
    }
  }
  const logger = pino(
    {
      level: settings.level as LevelWithSilent,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: {
        // `err` for the unexpected (with its stack), `error` for an expected failure worth a line.
        err: (value: unknown) => loggedError(value, true),
        error: (value: unknown) => loggedError(value, false),
      },
      hooks: {
        logMethod(args, method) {
          const cleaned = args.map((arg) => (typeof arg === "string" ? redactText(arg) : arg));
          method.apply(this, cleaned as Parameters<typeof method>);
        },
      },
      mixin: () => {
        const scope = requestScope.getStore();
        return scope ? { reqId: scope.id } : {};
      },
    },
    stream ?? pino.destination({ fd: 1, sync: false }),
  );
  if (prettyMissing)
    logger.warn("[log] LOG_FORMAT=pretty needs pino-pretty (a development package): logging JSON");
  return logger;
}

let root: pino.Logger | undefined;

function rootLogger(): pino.Logger {
  root ??= createLogger(logSettingsFrom(process.env));
  return root;
}

/**
 * Replaces the process's logger: the server does it once with its validated settings; tests pass a
 * destination to read the lines. Lines already buffered for the old destination are flushed.
 */
export function configureLogging(settings: LogSettings, destination?: DestinationStream): void {
  root?.flush();
  root = createLogger(settings, destination);
}

type LogFn = {
  (message: string): void;
  (fields: Record<string, unknown>, message?: string): void;
};

export interface Logger {
  fatal: LogFn;
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
  trace: LogFn;
  isLevelEnabled(level: LogLevel): boolean;
  /** Writes what is buffered (before the process exits). */
  flush(): void;
}

const at =
  (level: Exclude<LogLevel, "silent">): LogFn =>
  (first: string | Record<string, unknown>, message?: string) => {
    const logger = rootLogger();
    if (typeof first === "string") logger[level](first);
    else logger[level](first, message);
  };

/** The logger every server module uses. */
export const log: Logger = {
  fatal: at("fatal"),
  error: at("error"),
  warn: at("warn"),
  info: at("info"),
  debug: at("debug"),
  trace: at("trace"),
  isLevelEnabled: (level) => rootLogger().isLevelEnabled(level),
  flush: () => rootLogger().flush(),
};

/** Lines logged while a capture runs (tests): raw JSON text and parsed entries. */
export interface LogCapture {
  raw(): string;
  entries(): Record<string, unknown>[];
  /** Restores the logger that was in place before. */
  stop(): void;
}

/** Sends the process's log lines to memory until `stop()` (tests read what was logged). */
export function captureLog(level: LogLevel = "trace"): LogCapture {
  const previous = root;
  let text = "";
  const destination: DestinationStream = { write: (chunk: string) => void (text += chunk) };
  root = createLogger({ level, format: "json" }, destination);
  return {
    raw: () => text,
    entries: () =>
      text
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    stop: () => {
      root = previous;
    },
  };
}

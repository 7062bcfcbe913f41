/**
 * Calling route loaders and actions the way React Router does, with real Request objects: form posts,
 * GETs with a session cookie, and reading the answers (data(), redirects with their flash toast).
 */
import { expect } from "vitest";
import { isFormReply, readReply } from "./form-reply";

export const ORIGIN = "http://leadworks.test";

let ipCounter = 0;
/** A fresh client address per call, so per-IP limits only bite where a test wants them to. */
export const freshIp = () => {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export interface Call {
  cookie?: string;
  ip?: string;
}

export function formRequest(
  path: string,
  fields: Record<string, string> | [string, string][],
  call: Call = {},
): Request {
  const headers = new Headers({
    "Content-Type": "application/x-www-form-urlencoded",
    "User-Agent": "vitest",
  });
  if (call.cookie) headers.set("Cookie", call.cookie);
  return new Request(ORIGIN + path, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
  });
}

export function getRequest(path: string, call: Call = {}): Request {
  return new Request(ORIGIN + path, { headers: call.cookie ? { Cookie: call.cookie } : {} });
}

export type RouteArgs = { request: Request; context: { clientIp: string }; params: Record<string, string> };
export type RouteFn = (args: never) => unknown;

/** Calls a loader or action; a thrown Response (redirect) is returned like a returned one. */
export async function call(fn: RouteFn, request: Request, ip = freshIp()): Promise<unknown> {
  const args: RouteArgs = { request, context: { clientIp: ip }, params: {} };
  try {
    return await (fn as (args: RouteArgs) => unknown)(args);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Whether a thrown value is an answer: a Response (a redirect, a 404) or React Router's `data(body, init)`. */
const isAnswer = (thrown: unknown) =>
  thrown instanceof Response ||
  (typeof thrown === "object" &&
    thrown !== null &&
    (thrown as { type?: unknown }).type === "DataWithResponseInit");

/** Calls a loader or action as React Router does, with its route params; a thrown answer is returned. */
export async function callRoute(
  fn: RouteFn,
  request: Request,
  params: Record<string, string> = {},
): Promise<unknown> {
  const args: RouteArgs = { request, context: { clientIp: freshIp() }, params };
  try {
    return await (fn as (a: RouteArgs) => unknown)(args);
  } catch (thrown) {
    if (isAnswer(thrown)) return thrown;
    throw thrown;
  }
}

/** The HTTP status of a thrown or returned Response or data(). */
export const statusOf = (value: unknown) =>
  value instanceof Response ? value.status : (value as { init?: { status?: number } }).init?.status;

export interface Answer {
  status: number;
  data: {
    ok?: boolean;
    intent?: string | null;
    toast?: { kind: string; title: string; text?: string };
    fieldErrors?: Record<string, string>;
    values?: Record<string, string>;
    unconfirmedEmail?: string;
  };
}

/**
 * The status and payload of a data() answer, or of a plain object a loader returned. A form's reply is
 * read as the form shows it (readReply): its toast, the first message under each field, its values.
 */
export function answer(result: unknown): Answer {
  expect(result).not.toBeInstanceOf(Response);
  const value = result as { type?: string; data: Answer["data"]; init?: { status?: number } | null };
  const read = (data: unknown) => (isFormReply(data) ? readReply(data) : data) as Answer["data"];
  if (value.type !== "DataWithResponseInit") return { status: 200, data: read(result) };
  return { status: value.init?.status ?? 200, data: read(value.data) };
}

export function redirectOf(result: unknown): {
  location: string;
  cookies: string[];
  flash: Record<string, string> | null;
} {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(302);
  const cookies = response.headers.getSetCookie();
  const flashCookie = cookies.find((c) => c.startsWith("leadworks_flash="));
  const flash = flashCookie
    ? (JSON.parse(
        Buffer.from(flashCookie.split(";")[0]!.split("=")[1]!, "base64url").toString("utf8"),
      ) as Record<string, string>)
    : null;
  return { location: response.headers.get("Location") ?? "", cookies, flash };
}

/** The Cookie header a browser would send after these Set-Cookie headers. */
export const cookieHeader = (setCookies: string[]) =>
  setCookies
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");

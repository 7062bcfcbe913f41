/**
 * The public API's HTTP side, shared by its route modules: the JSON body (the server has already
 * checked its type and size, ADR 014/022), and answers as JSON or problem+json with the key's
 * rate-limit headers.
 */
import { problem } from "~/lib/problem";
import type { ApiAnswer } from "./api.server";

/** The body as text and as JSON, or the 400/415 problem answer. */
export async function readJsonBody(request: Request): Promise<{ raw: string; body: unknown } | Response> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json(\s*;|$)/i.test(type)) {
    return problem("unsupported-media-type", "Send the body as application/json.");
  }
  const raw = await request.text();
  let nul = false;
  let body: unknown;
  try {
    // A NUL character cannot be stored in PostgreSQL text: refused here rather than failing the insert.
    // Half a surrogate pair ("\udc00") is no character at all: it becomes U+FFFD here, as it would in
    // any UTF-8 text column, instead of failing a jsonb write (a delivery's payload) with a 500.
    body = JSON.parse(raw, (_key, value: unknown) => {
      if (typeof value !== "string") return value;
      if (value.includes("\u0000")) nul = true;
      return value.toWellFormed();
    });
  } catch {
    return problem("malformed-json", "The body could not be read as JSON.");
  }
  if (nul) return problem("bad-request", "Text may not contain NUL characters (\\u0000).");
  return { raw, body };
}

/** A JSON answer with `headers` (the rate-limit headers). */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
}

/** An intake answer as its response. */
export function answerResponse(answer: ApiAnswer, headers: Record<string, string>): Response {
  if (answer.problem) {
    const extra = {
      ...(answer.errors ? { errors: answer.errors } : {}),
      ...(answer.existingId ? { existingId: answer.existingId } : {}),
    };
    return problem(answer.problem, answer.detail, extra, headers);
  }
  return json(
    answer.status,
    answer.body,
    answer.location ? { ...headers, Location: answer.location } : headers,
  );
}

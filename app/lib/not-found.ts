/**
 * The answer a loader throws for a record that is not there (or not the asker's): HTTP 404 whose text is
 * what the page says, e.g. "Lead not found". The area's error boundary shows it inside the area's frame,
 * and the page title repeats it. `throw notFound("Lead not found")`, like `throw redirect(...)`.
 */
export function notFound(message: string): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

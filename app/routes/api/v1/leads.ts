import type { Route } from "./+types/leads";
import { requireApiKey } from "~/features/auth/access.server";
import { answerResponse, json, readJsonBody } from "~/features/leads/api/api-http.server";
import { leadPageQuerySchema } from "~/features/leads/api/api.schema";
import { apiListLeads, intakeLeads } from "~/features/leads/api/api.server";
import { API_BODY_LIMIT, type BodyLimitHandle } from "~/lib/body-limit";
import { problem } from "~/lib/problem";

export const handle: BodyLimitHandle = { apiBodyLimit: API_BODY_LIMIT };

/** GET /api/v1/leads?updatedSince=&cursor=&limit=: keyset pages of leads by their last change. */
export async function loader({ request }: Route.LoaderArgs) {
  const { actor, headers } = await requireApiKey(request, "lead:read:any");
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = leadPageQuerySchema.safeParse(params);
  if (!query.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of query.error.issues) (errors[String(issue.path[0] ?? "_")] ??= []).push(issue.message);
    return problem("validation", "The query has invalid parameters: see errors.", { errors }, headers);
  }
  const page = await apiListLeads(actor, query.data);
  if ("invalidCursor" in page) {
    return problem(
      "validation",
      "The cursor is not one this API gave.",
      { errors: { cursor: ["Invalid cursor"] } },
      headers,
    );
  }
  return json(200, page, headers);
}

/** POST /api/v1/leads: one lead, or { "leads": [...] } of up to 500. */
export async function action({ request }: Route.ActionArgs) {
  const { actor, headers } = await requireApiKey(request, "lead:create:any");
  const read = await readJsonBody(request);
  if (read instanceof Response) return read;
  const answer = await intakeLeads(actor, {
    ...read,
    idempotencyKey: request.headers.get("idempotency-key"),
  });
  return answerResponse(answer, headers);
}

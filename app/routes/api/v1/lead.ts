import type { Route } from "./+types/lead";
import { requireApiKey } from "~/features/auth/access.server";
import { json } from "~/features/leads/api/api-http.server";
import { apiGetLead } from "~/features/leads/api/api.server";
import { API_BODY_LIMIT, type BodyLimitHandle } from "~/lib/body-limit";
import { problem } from "~/lib/problem";

export const handle: BodyLimitHandle = { apiBodyLimit: API_BODY_LIMIT };

/** GET /api/v1/leads/{id} */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor, headers } = await requireApiKey(request, "lead:read:any");
  const lead = await apiGetLead(actor, params.id);
  return lead ? json(200, lead, headers) : problem("not-found", "No lead has this id.", {}, headers);
}

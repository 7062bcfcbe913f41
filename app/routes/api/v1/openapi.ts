import { openApiDocument } from "~/features/leads/api/openapi";
import { env } from "~/lib/env.server";
import { API_BODY_LIMIT, type BodyLimitHandle } from "~/lib/body-limit";

export const handle: BodyLimitHandle = { apiBodyLimit: API_BODY_LIMIT };

/** GET /api/v1/openapi.json: the OpenAPI 3.1 document, generated from the zod schemas. */
export const loader = () =>
  new Response(JSON.stringify(openApiDocument(env().SITE_URL)), {
    headers: { "Content-Type": "application/json", "Cache-Control": "no-cache" },
  });

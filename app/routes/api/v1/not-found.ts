import { API_BODY_LIMIT, type BodyLimitHandle } from "~/lib/body-limit";
import { problem } from "~/lib/problem";

export const handle: BodyLimitHandle = { apiBodyLimit: API_BODY_LIMIT };

/** Any other path under /api/v1: a problem, not the site's HTML page. */
export const loader = () => problem("not-found", "There is no such API resource. See /api/v1/openapi.json.");
export const action = loader;

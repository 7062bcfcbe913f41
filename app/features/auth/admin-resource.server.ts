/**
 * Admin-only resources (resume downloads, CSV exports, the event stream) answer 404 to everyone else:
 * not a redirect, and nothing that tells an outsider the resource exists.
 */
import { data } from "react-router";
import { getActor } from "./access.server";

export async function requireAdminOr404(request: Request) {
  const actor = await getActor(request);
  if (!actor?.isAdmin) throw data("Not found", { status: 404 });
  return actor;
}

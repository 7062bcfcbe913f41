import type { Route } from "./+types/duplicates";
import { requirePermissionOr404 } from "~/features/auth/access.server";
import { duplicateProbeSchema } from "~/features/leads/leads.schema";
import { findPossibleDuplicates } from "~/features/leads/lead-queries.server";

/** Longer than any probe the form can send (its fields are capped well below this): refused unread. */
const MAX_URL = 1_000;

/**
 * GET /admin/leads/duplicates?phone=&address=&zipCode=&except=: the possible duplicates of what the lead
 * form holds so far, as JSON, for the check while typing (issue 25). The same finder as the form's
 * submit, which stays the safety net. Admins only (404 to everyone else); a probe that cannot be read,
 * or a request longer than any the form sends, is a 400, never an error of the server.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePermissionOr404(request, "lead:read:any");
  const headers = { "Cache-Control": "private, no-store" };
  if (request.url.length > MAX_URL) {
    return Response.json({ error: "Request too long" }, { status: 400, headers });
  }
  const params = new URL(request.url).searchParams;
  const parsed = duplicateProbeSchema.safeParse({
    phone: params.get("phone") ?? "",
    address: params.get("address") ?? "",
    zipCode: params.get("zipCode") ?? "",
    except: params.get("except") ?? "",
  });
  if (!parsed.success) {
    return Response.json({ error: parsed.error.issues[0]?.message }, { status: 400, headers });
  }
  const { except, ...probe } = parsed.data;
  const duplicates = await findPossibleDuplicates(actor, probe, except || undefined);
  return Response.json({ duplicates }, { headers });
}

/**
 * The audit log's one writer: who did what to whose account, inside the caller's transaction so that the
 * entry commits with the change. User administration, webhook and API key changes write here.
 */
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema";

/** A transaction or the database itself: anything that can insert. */
type Writer = Pick<Database, "insert">;

export async function audit(
  writer: Writer,
  actorId: string | null,
  /** The account changed; null for changes to something else (an API key). */
  targetUserId: string | null,
  action: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await writer.insert(auditLog).values({ actorId, targetUserId, action, details });
}

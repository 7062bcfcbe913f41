/**
 * The audit log: who did what to an account or an API key, kept in `audit_log`. Written in the same
 * transaction as the change it records.
 */
import type { Database, Transaction } from "~/db/client.server";
import { auditLog } from "~/db/schema";

export interface AuditEntry {
  /** The user who acted; null for the command line. */
  actorId: string | null;
  /** The account acted on, if the change is about one. */
  targetUserId?: string | null;
  /** What happened, as `subject.verb` (user.invited, api_key.created...). */
  action: string;
  details?: Record<string, unknown>;
}

export async function recordAudit(writer: Database | Transaction, entry: AuditEntry): Promise<void> {
  await writer.insert(auditLog).values({
    actorId: entry.actorId,
    targetUserId: entry.targetUserId ?? null,
    action: entry.action,
    details: entry.details ?? {},
  });
}

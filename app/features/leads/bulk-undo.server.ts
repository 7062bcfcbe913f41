/**
 * Undoing a bulk assignment for a few minutes (issue 24 §3, issue 25 §3): the admin who assigned takes
 * back the leads that were nobody's before, as if they had never gone, as far as that is still true:
 *
 * - the leads are unassigned through the one lead-change path (timeline, audit, live lists);
 * - the deliveries the assignment made are deleted, so the client's ledger and insights never count them;
 * - webhook `lead.assigned` events not yet sent are withdrawn (and no `lead.unassigned` follows them);
 *   those already sent, or in flight, are followed by `lead.unassigned`, as any unassignment is;
 * - the e-mail to the client is held back if it has not left yet.
 *
 * A lead the client already worked on (feedback, a claim, a return) stays with them: taking it back
 * would lose their work. Leads moved since by someone else are left as they are.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { queryRows, uuidsIn } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { leadSelections, leads, mailOutbox, user } from "~/db/schema";
import { isUuid } from "~/lib/data-guards";
import { authorize, type ActorRef } from "~/lib/permissions";
import { findClientAccount } from "~/lib/client-accounts.server";
import { recordLeadChanges } from "./lead-changes.server";
import { assignmentChange } from "./lead-commands.server";
import { clientDisplayName } from "./lead-format";
import { UNDO_MINUTES } from "./lead-list.schema";

export type UndoOutcome =
  | { ok: true; undone: number; kept: number; client: string; mail: "held" | "sent" | "none" }
  | { ok: false; reason: "nothing" | "tooLate" | "already" };

export async function undoBulkAssignment(actor: ActorRef, selectionId: string): Promise<UndoOutcome> {
  authorize(actor, "lead:write:any");
  if (!isUuid(selectionId)) return { ok: false, reason: "nothing" };
  const db = await getDb();
  return db.transaction(async (tx): Promise<UndoOutcome> => {
    const [selection] = await tx
      .select()
      .from(leadSelections)
      .where(eq(leadSelections.id, selectionId))
      .for("update");
    // Only the one who assigned may undo it: another admin sees their own results, not this one's.
    if (!selection?.undo || selection.createdBy !== actor.id) return { ok: false, reason: "nothing" };
    if (selection.undoneAt) return { ok: false, reason: "already" };
    if (Date.now() - selection.createdAt.getTime() > UNDO_MINUTES * 60_000)
      return { ok: false, reason: "tooLate" };
    const { clientId, at, leadIds, mailIds } = selection.undo;

    // The client's account before the leads, the order every assignment and return locks in.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, clientId)).for("update");
    const account = await findClientAccount(tx, clientId);
    const client = account ? clientDisplayName(account) : "the client";
    const held = await tx
      .select({ id: leads.id, feedback: leads.clientFeedbackStatus, claimedBy: leads.claimedByUserId })
      .from(leads)
      .where(and(inArray(leads.id, leadIds), eq(leads.assignedToClientId, clientId)))
      .for("update");
    const returned = new Set(
      (
        await queryRows<{ lead_id: string }>(
          tx,
          sql`select r.lead_id from lead_returns r join lead_deliveries d on d.id = r.delivery_id
              where d.lead_id in ${uuidsIn(leadIds)} and d.client_id = ${clientId}
                and d.delivered_at >= ${at}::timestamptz`,
        )
      ).map((row) => row.lead_id),
    );
    const untouched = held
      .filter((lead) => lead.feedback === "not_reviewed" && !lead.claimedBy && !returned.has(lead.id))
      .map((lead) => lead.id);
    const kept = held.length - untouched.length;

    // Events that never left are withdrawn before the unassignment queues its own.
    const withdrawn = (
      await queryRows<{ lead_id: string }>(
        tx,
        sql`delete from webhook_deliveries
            where client_id = ${clientId} and lead_id in ${uuidsIn(untouched)}
              and event_type = 'lead.assigned' and status = 'pending' and claim_token is null
              and created_at >= ${at}::timestamptz
            returning lead_id`,
      )
    ).map((row) => row.lead_id);

    await recordLeadChanges(
      tx,
      untouched.map((leadId) => ({
        leadId,
        from: clientId,
        to: null,
        entry: {
          type: "lead_assigned",
          description: `Assignment to ${client} undone`,
          metadata: { from: clientId, to: null, undoOf: selectionId },
        },
      })),
      {
        by: actor.id,
        mail: "none",
        live: "batch",
        audit: {
          action: "leads.bulk_assign_undone",
          details: { selection: selectionId, clientId, undone: untouched.length, kept },
        },
      },
      async () => {
        if (untouched.length === 0) return;
        await tx.update(leads).set(assignmentChange(null, new Date())).where(inArray(leads.id, untouched));
      },
    );
    // The client never saw the withdrawn events' leads arrive: nothing to tell them leaves.
    await tx.execute(sql`delete from webhook_deliveries
      where client_id = ${clientId} and lead_id in ${uuidsIn(withdrawn)}
        and event_type = 'lead.unassigned' and status = 'pending' and claim_token is null`);
    // As if never delivered: the ledger and the insights forget these deliveries.
    await tx.execute(sql`delete from lead_deliveries
      where lead_id in ${uuidsIn(untouched)} and client_id = ${clientId}
        and delivered_at >= ${at}::timestamptz`);

    // The e-mail lists every lead it was about: held back only when none of them stays.
    let mail: "held" | "sent" | "none" = mailIds.length ? "sent" : "none";
    if (mailIds.length && kept === 0 && untouched.length > 0) {
      const stopped = await tx
        .delete(mailOutbox)
        .where(
          and(
            inArray(mailOutbox.id, mailIds),
            eq(mailOutbox.status, "pending"),
            eq(mailOutbox.attempts, 0),
            // Not claimed by a sender: a claim moves the next attempt into the future.
            sql`${mailOutbox.nextAttemptAt} <= now()`,
          ),
        )
        .returning({ id: mailOutbox.id });
      if (stopped.length === mailIds.length) mail = "held";
    }
    await tx
      .update(leadSelections)
      .set({ undoneAt: new Date() })
      .where(and(eq(leadSelections.id, selectionId), isNull(leadSelections.undoneAt)));
    return { ok: true, undone: untouched.length, kept, client, mail };
  });
}

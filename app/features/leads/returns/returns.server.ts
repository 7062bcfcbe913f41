/**
 * Returns and replacements (issue 15). A client may send back a lead they hold within the return window
 * of their agreement (days from the delivery) and under its monthly cap (a share of the leads delivered
 * to them in the lead's delivery month, UTC); the agency approves (the lead leaves the client's
 * delivered count, a replacement is owed) or rejects with a reason the client sees. Each step writes the
 * lead's timeline, e-mails the other side through the outbox and tells open pages, in one transaction.
 */
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  sql,
  type SQL,
} from "drizzle-orm";
import { getDb } from "~/db/db.server";
import type { Transaction } from "~/db/client.server";
import { labelOf, returnReasons } from "~/db/enums";
import {
  clientAgreements,
  leadActivities,
  leadDeliveries,
  leadReturns,
  leads,
  profiles,
  user,
} from "~/db/schema";
import { isUuid } from "~/lib/data-guards";
import { env } from "~/lib/env.server";
import { notificationOptOut } from "~/lib/mail/notification-settings.server";
import { enqueueMail, type OutgoingMail } from "~/lib/mail/outbox.server";
import {
  returnDecisionMail,
  returnReceiptMail,
  returnRequestedNoticeMail,
  type ClientReturnInput,
} from "~/lib/mail/templates/returns";
import { authorize, type ActorRef, actingClient } from "~/lib/permissions";
import { DEFAULT_RETURN_TERMS, returnTermsOf } from "../agreements/agreements.server";
import { clientDisplayName } from "../lead-format";
import { recordLeadChanges } from "../lead-changes.server";
import type {
  ReturnDecisionInput,
  ReturnDecisionSummary,
  ReturnQueueQuery,
  ReturnRequestInput,
  ReturnSort,
  SingleReturnDecision,
} from "./return.schema";
import { monthOf, returnAllowance, type ReturnStanding } from "./return-standing";

const DAY_MS = 24 * 60 * 60 * 1000;

type Reader = Pick<Transaction, "select">;

async function openDelivery(reader: Reader, leadId: string, clientId: string) {
  const [row] = await reader
    .select({ id: leadDeliveries.id, deliveredAt: leadDeliveries.deliveredAt })
    .from(leadDeliveries)
    .where(
      and(
        eq(leadDeliveries.leadId, leadId),
        eq(leadDeliveries.clientId, clientId),
        isNull(leadDeliveries.endedAt),
      ),
    );
  return row ?? null;
}

const returnView = {
  id: leadReturns.id,
  reason: leadReturns.reason,
  note: leadReturns.note,
  state: leadReturns.state,
  requestedAt: leadReturns.requestedAt,
  decidedAt: leadReturns.decidedAt,
  decisionNote: leadReturns.decisionNote,
};

async function standingIn(
  reader: Reader,
  leadId: string,
  clientId: string,
  now: Date,
): Promise<ReturnStanding> {
  const delivery = await openDelivery(reader, leadId, clientId);
  if (!delivery) return { kind: "not_held" };
  const [made] = await reader
    .select(returnView)
    .from(leadReturns)
    .where(eq(leadReturns.deliveryId, delivery.id));
  if (made) return { kind: "made", request: made };
  const terms = await returnTermsOf(reader, clientId);
  const closesAt = new Date(delivery.deliveredAt.getTime() + terms.returnWindowDays * DAY_MS);
  if (now.getTime() >= closesAt.getTime()) {
    return { kind: "window_closed", closedAt: closesAt, days: terms.returnWindowDays };
  }
  const month = monthOf(delivery.deliveredAt);
  const inMonth = and(
    eq(leadDeliveries.clientId, clientId),
    gte(leadDeliveries.deliveredAt, month.start),
    lt(leadDeliveries.deliveredAt, month.end),
  );
  const [delivered] = await reader.select({ n: count() }).from(leadDeliveries).where(inMonth);
  const [used] = await reader
    .select({ n: count() })
    .from(leadReturns)
    .innerJoin(leadDeliveries, eq(leadDeliveries.id, leadReturns.deliveryId))
    .where(and(inMonth, inArray(leadReturns.state, ["requested", "approved"])));
  const allowed = returnAllowance(delivered?.n ?? 0, terms.returnCapPercent);
  const left = allowed - (used?.n ?? 0);
  if (left <= 0) {
    return {
      kind: "over_cap",
      used: used?.n ?? 0,
      allowed,
      delivered: delivered?.n ?? 0,
      percent: terms.returnCapPercent,
      month: month.start,
    };
  }
  return { kind: "available", closesAt, left };
}

/** The signed-in client's return standing for one of their leads. */
export async function returnStanding(
  actor: ActorRef,
  leadId: string,
  now = new Date(),
): Promise<ReturnStanding> {
  authorize(actor, "return:request:own");
  if (!isUuid(leadId)) return { kind: "not_held" };
  return standingIn(await getDb(), leadId, actingClient(actor), now);
}

export type RequestReturnResult = { ok: true } | { ok: false; standing: ReturnStanding };

/**
 * Records a client's return request when their standing allows it, checked again inside the transaction
 * with the client's account locked, so two requests at once cannot both take the last return of the cap.
 */
export async function requestReturn(
  actor: ActorRef,
  leadId: string,
  input: ReturnRequestInput,
  now = new Date(),
): Promise<RequestReturnResult> {
  authorize(actor, "return:request:own");
  if (!isUuid(leadId)) return { ok: false, standing: { kind: "not_held" } };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const clientId = actingClient(actor);
    // The client company's account row: its requests take the cap one at a time.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, clientId)).for("update");
    const standing = await standingIn(tx, leadId, clientId, now);
    if (standing.kind !== "available") return { ok: false, standing };
    const delivery = (await openDelivery(tx, leadId, clientId))!;
    await tx.insert(leadReturns).values({
      deliveryId: delivery.id,
      leadId,
      clientId,
      reason: input.reason,
      note: input.note || null,
      requestedAt: now,
    });
    const reason = labelOf(returnReasons, input.reason);
    const entry = {
      type: "return_requested" as const,
      description: input.note ? `Return requested: ${reason}. ${input.note}` : `Return requested: ${reason}`,
      metadata: { clientId, reason: input.reason },
    };
    await recordLeadChanges(tx, [{ leadId, from: clientId, to: clientId, entry }], {
      by: actor.id,
      mail: "none",
      live: "lead",
    });
    await mailStaffAboutRequest(tx, leadId, clientId, reason, input.note);
    await mailClientAboutReturn(tx, leadId, clientId, (mail) =>
      returnReceiptMail({ ...mail, reason, note: input.note }),
    );
    return { ok: true };
  });
}

async function leadAndClient(tx: Transaction, leadId: string, clientId: string) {
  const [row] = await tx
    .select({
      firstName: leads.firstName,
      lastName: leads.lastName,
      city: leads.city,
      state: leads.state,
      clientEmail: user.email,
      clientFirst: profiles.firstName,
      clientLast: profiles.lastName,
      clientCompany: profiles.companyName,
    })
    .from(leads)
    .innerJoin(user, eq(user.id, clientId))
    .leftJoin(profiles, eq(profiles.userId, clientId))
    .where(eq(leads.id, leadId));
  return row!;
}

async function mailStaffAboutRequest(
  tx: Transaction,
  leadId: string,
  clientId: string,
  reason: string,
  note: string,
) {
  const config = env();
  const row = await leadAndClient(tx, leadId, clientId);
  const client = clientDisplayName({
    companyName: row.clientCompany,
    firstName: row.clientFirst,
    lastName: row.clientLast,
    email: row.clientEmail,
  });
  await enqueueMail(
    tx,
    returnRequestedNoticeMail({
      to: config.NOTIFY_EMAIL,
      siteUrl: config.SITE_URL,
      client,
      clientEmail: row.clientEmail,
      lead: { id: leadId, name: `${row.firstName} ${row.lastName}`, city: row.city, state: row.state },
      reason,
      note,
    }),
  );
}

/**
 * An e-mail to the client about one of their returns (the receipt, the decision), when they want to hear
 * about returns: their opt-out, the lead and the client read once, the message built by `compose`.
 */
async function mailClientAboutReturn(
  tx: Transaction,
  leadId: string,
  clientId: string,
  compose: (input: ClientReturnInput) => OutgoingMail,
) {
  const optOut = await notificationOptOut(tx, clientId, "returns");
  if (!optOut) return;
  const config = env();
  const row = await leadAndClient(tx, leadId, clientId);
  await enqueueMail(
    tx,
    compose({
      to: row.clientEmail,
      greetingName: row.clientFirst || row.clientCompany || "there",
      companyName: row.clientCompany || row.clientEmail,
      lead: { id: leadId, name: `${row.firstName} ${row.lastName}`, city: row.city, state: row.state },
      siteUrl: config.SITE_URL,
      contactEmail: config.CONTACT_EMAIL,
      optOut,
    }),
  );
}

export type DecideReturnResult = { ok: true } | { ok: false; reason: "missing" | "decided" };

/** Approves or rejects a waiting return; the client hears of it by e-mail and on their lead's page. */
export async function decideReturn(
  actor: ActorRef,
  input: SingleReturnDecision,
  now = new Date(),
): Promise<DecideReturnResult> {
  authorize(actor, "return:decide:any");
  // An id that cannot be a return's is as missing as an unknown one (and never reaches the database).
  if (!isUuid(input.returnId)) return { ok: false, reason: "missing" };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({
        id: leadReturns.id,
        state: leadReturns.state,
        leadId: leadReturns.leadId,
        clientId: leadReturns.clientId,
        reason: leadReturns.reason,
      })
      .from(leadReturns)
      .where(eq(leadReturns.id, input.returnId))
      .for("update");
    if (!request) return { ok: false, reason: "missing" };
    if (request.state !== "requested") return { ok: false, reason: "decided" };
    const approved = input.decision === "approve";
    await tx
      .update(leadReturns)
      .set({
        state: approved ? "approved" : "rejected",
        decidedAt: now,
        decidedBy: actor.id,
        decisionNote: input.decisionNote || null,
      })
      .where(eq(leadReturns.id, request.id));
    const verdict = approved ? "Return approved: a replacement lead is owed" : "Return rejected";
    const entry = {
      type: approved ? ("return_approved" as const) : ("return_rejected" as const),
      description: input.decisionNote ? `${verdict}. ${input.decisionNote}` : verdict,
      metadata: { clientId: request.clientId, returnId: request.id },
    };
    // The client who asked hears of it on their lead's page, whoever holds the lead now.
    const asker = request.clientId;
    await recordLeadChanges(tx, [{ leadId: request.leadId, from: asker, to: asker, entry }], {
      by: actor.id,
      mail: "none",
      live: "lead",
    });
    await mailClientAboutReturn(tx, request.leadId, request.clientId, (mail) =>
      returnDecisionMail({ ...mail, approved, note: input.decisionNote }),
    );
    return { ok: true };
  });
}

/**
 * The queue's decision on the ticked returns (issue 25): each one decided by `decideReturn`, in its own
 * transaction, so each has the single decision's checks, timeline entry and e-mail, and one already
 * decided by another admin (or gone) is counted, not a failure of the others.
 */
export async function decideReturns(
  actor: ActorRef,
  input: ReturnDecisionInput,
  now = new Date(),
): Promise<ReturnDecisionSummary> {
  authorize(actor, "return:decide:any");
  const summary: ReturnDecisionSummary = { decision: input.decision, decided: 0, already: 0, missing: 0 };
  for (const returnId of new Set(input.returnId)) {
    const result = await decideReturn(actor, { ...input, returnId }, now);
    if (result.ok) summary.decided += 1;
    else if (result.reason === "decided") summary.already += 1;
    else summary.missing += 1;
  }
  return summary;
}

/** How many returns wait for the agency's decision: the admin frame's badge (on lead_returns_queue_idx). */
export async function countReturnsAwaitingDecision(actor: ActorRef): Promise<number> {
  authorize(actor, "return:read:any");
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(leadReturns).where(eq(leadReturns.state, "requested"));
  return Number(row?.n ?? 0);
}

/**
 * Rows the queue shows at once: a work queue is decided from its top ("the 50 oldest of 210: decide these
 * first"), and 200 rows with their evidence made an 814 KB page (bench/app-pages.ts).
 */
export const RETURN_QUEUE_LIMIT = 50;

/** How many of the client's feedback entries a queue row carries as evidence, the latest first. */
export const RETURN_EVIDENCE_ENTRIES = 5;

const client = aliasedTable(profiles, "client_profile");

/** The client's name as the queue sorts it: the same name clientDisplayName shows, without case. */
const clientSortName = sql`lower(coalesce(nullif(${client.companyName}, ''),
  nullif(concat_ws(' ', ${client.firstName}, ${client.lastName}), ''), ${user.email}))`;

/**
 * Each order of the queue, the id last so that equal keys keep one order. The request orders read
 * lead_returns_queue_idx (state, requested_at) either way; the client orders sort the state's rows by
 * the client's name (a queue of hundreds, not the lead book).
 */
const queueOrders: Record<ReturnSort, SQL[]> = {
  oldest: [asc(leadReturns.requestedAt), asc(leadReturns.id)],
  newest: [desc(leadReturns.requestedAt), desc(leadReturns.id)],
  client: [asc(clientSortName), asc(leadReturns.clientId), asc(leadReturns.requestedAt), asc(leadReturns.id)],
  client_desc: [
    desc(clientSortName),
    desc(leadReturns.clientId),
    desc(leadReturns.requestedAt),
    desc(leadReturns.id),
  ],
};

/** The return window of the client's current agreement (in days), else the default terms'. */
const windowDays = sql<number>`coalesce((select ${clientAgreements.returnWindowDays} from ${clientAgreements}
  where ${clientAgreements.clientId} = ${leadReturns.clientId}
  order by ${clientAgreements.version} desc limit 1), ${DEFAULT_RETURN_TERMS.returnWindowDays})`;

/**
 * The returns queue (issue 15, issue 25): by state (or all), reason and client, in one of `returnSorts`,
 * at most RETURN_QUEUE_LIMIT rows, each with its evidence: when the lead was delivered and made, the
 * client's return window, their first answer, and their latest feedback entries on the lead.
 */
export async function listReturns(actor: ActorRef, query: Omit<ReturnQueueQuery, "done">) {
  authorize(actor, "return:read:any");
  const db = await getDb();
  const where = and(
    query.state === "all" ? undefined : eq(leadReturns.state, query.state),
    query.reason ? eq(leadReturns.reason, query.reason) : undefined,
    query.client ? eq(leadReturns.clientId, query.client) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...returnView,
        leadId: leadReturns.leadId,
        leadFirstName: leads.firstName,
        leadLastName: leads.lastName,
        city: leads.city,
        state_: leads.state,
        leadCreatedAt: leads.createdAt,
        deliveredAt: leadDeliveries.deliveredAt,
        firstFeedbackAt: leadDeliveries.firstFeedbackAt,
        windowDays,
        clientId: leadReturns.clientId,
        clientEmail: user.email,
        clientFirstName: client.firstName,
        clientLastName: client.lastName,
        clientCompany: client.companyName,
      })
      .from(leadReturns)
      .innerJoin(leads, eq(leads.id, leadReturns.leadId))
      .innerJoin(leadDeliveries, eq(leadDeliveries.id, leadReturns.deliveryId))
      .innerJoin(user, eq(user.id, leadReturns.clientId))
      .leftJoin(client, eq(client.userId, leadReturns.clientId))
      .where(where)
      .orderBy(...queueOrders[query.sort])
      .limit(RETURN_QUEUE_LIMIT),
    db.select({ n: count() }).from(leadReturns).where(where),
  ]);
  const feedback = await clientFeedbackOf(rows);
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ clientEmail, clientFirstName, clientLastName, clientCompany, state_, ...row }) => ({
      ...row,
      windowDays: Number(row.windowDays),
      leadState: state_,
      client: clientDisplayName({
        companyName: clientCompany,
        firstName: clientFirstName,
        lastName: clientLastName,
        email: clientEmail,
      }),
      feedback: feedback.get(row.id) ?? [],
    })),
  };
}

/**
 * The client's feedback on each return's lead since its delivery (their "call log": a status and what
 * they noted), the latest RETURN_EVIDENCE_ENTRIES first, by return id. One query for the rows' leads on
 * lead_activities_lead_created_idx; another client's feedback on the same lead is not evidence.
 */
async function clientFeedbackOf(
  rows: readonly { id: string; leadId: string; clientId: string; deliveredAt: Date }[],
) {
  const byReturn = new Map<string, { at: Date; status: string; notes: string }[]>();
  if (rows.length === 0) return byReturn;
  const db = await getDb();
  const entries = await db
    .select({
      leadId: leadActivities.leadId,
      metadata: leadActivities.metadata,
      createdAt: leadActivities.createdAt,
    })
    .from(leadActivities)
    .where(
      and(
        inArray(leadActivities.leadId, [...new Set(rows.map((r) => r.leadId))]),
        eq(leadActivities.activityType, "client_feedback_submitted"),
      ),
    )
    .orderBy(desc(leadActivities.createdAt), desc(leadActivities.id));
  for (const row of rows) {
    byReturn.set(
      row.id,
      entries
        .filter(
          (e) =>
            e.leadId === row.leadId &&
            e.metadata?.clientId === row.clientId &&
            e.createdAt.getTime() >= row.deliveredAt.getTime(),
        )
        .slice(0, RETURN_EVIDENCE_ENTRIES)
        .map((e) => ({
          at: e.createdAt,
          status: String(e.metadata?.feedback_status ?? ""),
          notes: typeof e.metadata?.notes === "string" ? e.metadata.notes : "",
        })),
    );
  }
  return byReturn;
}

/**
 * The client portal's data (spec 02 §2, §4, §9): a client sees only the leads assigned to them, and
 * records feedback on each. Every query is scoped by `assigned_to_client_id` = the actor's client company
 * (`actingClient`) here, on the
 * server; a lead of someone else is indistinguishable from one that does not exist.
 */
import { and, count, desc, eq, gte, isNull, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { feedbackStatuses, labelOf, notInterestedReasons } from "~/db/enums";
import { leadDeliveries, leads, profiles } from "~/db/schema";
import { isUuid } from "~/lib/data-guards";
import { actingClient, authorize, can, type ActorRef } from "~/lib/permissions";
import { recordLeadChanges } from "./lead-changes.server";
import { personName } from "./lead-format";
import { leadTimeline } from "./lead-queries.server";
import { cursorKeys, keysetPage, leadIdentityColumns } from "./lead-list-sql.server";
import { type FeedbackInput } from "./leads.schema";
import { type ClientLeadQuery } from "./lead-list.schema";
import { leadSourceLabel } from "./sources/sources.server";

/** Spec 02 §9. */
export const RECENT_LEADS = 10;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const listColumns = {
  ...leadIdentityColumns,
  zipCode: leads.zipCode,
  motivationLevel: leads.motivationLevel,
  clientFeedbackStatus: leads.clientFeedbackStatus,
  createdAt: leads.createdAt,
};

const mine = (actor: ActorRef) => eq(leads.assignedToClientId, actingClient(actor));

/** The four counters and the ten most recent leads of the client dashboard. */
export async function clientDashboard(actor: ActorRef, now = new Date()) {
  authorize(actor, "lead:read:own");
  const db = await getDb();
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const [[counts], recent] = await Promise.all([
    db
      .select({
        total: count(),
        newThisWeek: sql<number>`count(*) filter (where ${gte(leads.createdAt, weekAgo)})`,
        interested: sql<number>`count(*) filter (where ${eq(leads.clientFeedbackStatus, "interested")})`,
        contacted: sql<number>`count(*) filter (where ${eq(leads.clientFeedbackStatus, "contacted")})`,
      })
      .from(leads)
      .where(mine(actor)),
    db
      .select(listColumns)
      .from(leads)
      .where(mine(actor))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(RECENT_LEADS),
  ]);
  return {
    counts: {
      total: Number(counts?.total ?? 0),
      newThisWeek: Number(counts?.newThisWeek ?? 0),
      interested: Number(counts?.interested ?? 0),
      contacted: Number(counts?.contacted ?? 0),
    },
    recent,
  };
}

/**
 * How many of the client's leads wait for their feedback (not reviewed yet): the portal frame's badge.
 * One index-only count on leads_client_feedback_idx.
 */
export async function countLeadsAwaitingFeedback(actor: ActorRef): Promise<number> {
  authorize(actor, "lead:read:own");
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(mine(actor), eq(leads.clientFeedbackStatus, "not_reviewed")));
  return Number(row?.n ?? 0);
}

/** How many of the client's leads a page of My Leads shows. */
export const CLIENT_LEADS_PAGE_SIZE = 50;

/**
 * My Leads: the leads assigned to the client, newest first, searched by seller name, phone or address
 * (the admin list's search, leadSearch: a phone matches however it is typed) and filtered by motivation,
 * feedback and who took them, one keyset page at a time (every lead reachable, however many), with a
 * total counted up to 10,000. The company's scope is one more condition: a search never widens it.
 */
export async function listClientLeads(actor: ActorRef, query: ClientLeadQuery) {
  authorize(actor, "lead:read:own");
  const conditions: SQL[] = [mine(actor)];
  if (query.motivation) conditions.push(eq(leads.motivationLevel, query.motivation));
  if (query.feedback) conditions.push(eq(leads.clientFeedbackStatus, query.feedback));
  if (query.claim === "mine") conditions.push(eq(leads.claimedByUserId, actor.id));
  if (query.claim === "unclaimed") conditions.push(isNull(leads.claimedByUserId));
  return keysetPage(
    "newest",
    { where: conditions, term: query.q },
    query.cursor,
    CLIENT_LEADS_PAGE_SIZE,
    (q, where, order, limit) =>
      q
        .select({ ...listColumns, cursor: cursorKeys.newest })
        .from(leads)
        .where(where)
        .orderBy(...order)
        .limit(limit),
  );
}

/** One of the client's leads with its timeline, or null (missing, or assigned to someone else). */
export async function getClientLead(actor: ActorRef, id: string) {
  authorize(actor, "lead:read:own");
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [lead] = await db
    .select({
      id: leads.id,
      firstName: leads.firstName,
      lastName: leads.lastName,
      phone: leads.phone,
      email: leads.email,
      address: leads.address,
      city: leads.city,
      state: leads.state,
      zipCode: leads.zipCode,
      propertyType: leads.propertyType,
      motivationLevel: leads.motivationLevel,
      situationNotes: leads.situationNotes,
      leadSource: leads.leadSource,
      leadSourceLabel,
      askingPrice: leads.askingPrice,
      estimatedValue: leads.estimatedValue,
      estimatedRepairCost: leads.estimatedRepairCost,
      isSold: leads.isSold,
      soldPrice: leads.soldPrice,
      leadStatus: leads.leadStatus,
      clientFeedbackStatus: leads.clientFeedbackStatus,
      clientNotes: leads.clientNotes,
      clientReviewedAt: leads.clientReviewedAt,
      notInterestedReason: leads.notInterestedReason,
      dealPurchasePrice: leads.dealPurchasePrice,
      dealProfit: leads.dealProfit,
      createdAt: leads.createdAt,
      claimedById: leads.claimedByUserId,
      // E-mail first: Drizzle makes the left-joined object null when its first column is.
      claimedBy: { email: profiles.email, firstName: profiles.firstName, lastName: profiles.lastName },
    })
    .from(leads)
    .leftJoin(profiles, eq(profiles.userId, leads.claimedByUserId))
    .where(and(eq(leads.id, id), mine(actor)));
  if (!lead) return null;
  const activities = await leadTimeline(id, { forClient: actingClient(actor) });
  const previousNotes = activities
    .filter((a) => a.activityType === "client_feedback_submitted" && typeof a.metadata?.notes === "string")
    .map((a) => ({
      id: a.id,
      notes: a.metadata!.notes as string,
      feedbackStatus: String(a.metadata!.feedback_status ?? ""),
      createdAt: a.createdAt,
    }))
    .filter((n) => n.notes !== "");
  const { claimedById, claimedBy, ...fields } = lead;
  const claim = claimedById
    ? { mine: claimedById === actor.id, by: personName(claimedBy) || "A teammate" }
    : null;
  return { ...fields, claim, activities, previousNotes };
}

export type ClaimResult = "taken" | "released" | "not_found" | "taken_by_other";

/**
 * Takes one of the company's leads for the actor ("mine", issue 26), or lets it go. A lead another
 * member took stays theirs (`taken_by_other`), except that the team's owners may let it go. The change is
 * the company's business: it goes on the timeline (for the company, like its feedback) and to the live
 * lists, but not to the webhook.
 */
export async function setLeadClaim(actor: ActorRef, id: string, take: boolean): Promise<ClaimResult> {
  authorize(actor, "lead:feedback:own");
  if (!isUuid(id)) return "not_found";
  const company = actingClient(actor);
  const db = await getDb();
  return db.transaction(async (tx): Promise<ClaimResult> => {
    const [row] = await tx
      .select({ claimedBy: leads.claimedByUserId })
      .from(leads)
      .where(and(eq(leads.id, id), mine(actor)))
      .for("update");
    if (!row) return "not_found";
    const holder = row.claimedBy;
    if (take ? holder === actor.id : holder === null) return take ? "taken" : "released";
    if (holder !== null && holder !== actor.id && (take || !can(actor, "team:manage:own"))) {
      return "taken_by_other";
    }
    await tx
      .update(leads)
      .set({ claimedByUserId: take ? actor.id : null })
      .where(eq(leads.id, id));
    const entry = {
      type: "lead_claimed" as const,
      description: take ? "Lead taken" : "Lead released",
      metadata: { clientId: company, taken: take },
    };
    await recordLeadChanges(tx, [{ leadId: id, from: company, to: company, entry }], {
      by: actor.id,
      mail: "none",
      live: "lead",
    });
    return take ? "taken" : "released";
  });
}

/**
 * Records the client's feedback (spec 02 §4): the status, the notes (or empty), the review time, and a
 * client_feedback_submitted activity carrying both, in one transaction. False when the lead is not theirs.
 */
export async function submitFeedback(
  actor: ActorRef,
  id: string,
  // The reason and the deal figures are optional: most feedback has neither.
  input: Pick<FeedbackInput, "feedbackStatus" | "notes"> & Partial<FeedbackInput>,
) {
  authorize(actor, "lead:feedback:own");
  if (!isUuid(id)) return false;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(leads)
      .set({
        clientFeedbackStatus: input.feedbackStatus,
        clientNotes: input.notes ?? "",
        notInterestedReason:
          input.feedbackStatus === "not_interested" ? (input.notInterestedReason ?? null) : null,
        // A deal's figures stay once given; a later status does not erase them.
        ...(input.feedbackStatus === "deal_closed"
          ? { dealPurchasePrice: input.dealPurchasePrice ?? null, dealProfit: input.dealProfit ?? null }
          : {}),
        clientReviewedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(leads.id, id), mine(actor)))
      .returning({ id: leads.id });
    if (updated.length !== 1) return false;
    // The insights' response time: the first feedback of this delivery and who gave it, kept once.
    await tx
      .update(leadDeliveries)
      .set({ firstFeedbackAt: sql`now()`, firstFeedbackBy: actor.id })
      .where(
        and(
          eq(leadDeliveries.leadId, id),
          eq(leadDeliveries.clientId, actingClient(actor)),
          isNull(leadDeliveries.endedAt),
          isNull(leadDeliveries.firstFeedbackAt),
        ),
      );
    const entry = {
      type: "client_feedback_submitted" as const,
      description:
        input.feedbackStatus === "not_interested" && input.notInterestedReason
          ? `Feedback: Not Interested (${labelOf(notInterestedReasons, input.notInterestedReason)})`
          : `Feedback: ${labelOf(feedbackStatuses, input.feedbackStatus)}`,
      metadata: {
        // The company the feedback was given for; performed_by names the person who gave it.
        clientId: actingClient(actor),
        feedback_status: input.feedbackStatus,
        notes: input.notes ?? "",
        ...(input.feedbackStatus === "not_interested" ? { reason: input.notInterestedReason } : {}),
      },
    };
    // The row is written above (its update is also the ownership check); the rest follows the one path.
    const company = actingClient(actor);
    await recordLeadChanges(tx, [{ leadId: id, from: company, to: company, entry, updated: true }], {
      by: actor.id,
      mail: "none",
      live: "lead",
    });
    return true;
  });
}

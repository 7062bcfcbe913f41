/**
 * Changing leads as an admin (spec 02 §4, §6): create, edit, status, assignment, sold price, activities,
 * documents and delete. Every function takes the actor and refuses anyone who is not allowed, even though
 * the routes check too; each change goes through the one lead-change path (lead-changes.server.ts), which
 * writes its timeline entry, events, e-mail and live event in the same transaction.
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { labelOf, leadStatuses, type LeadStatus } from "~/db/enums";
import { leadDocuments, leads } from "~/db/schema";
import { findClientAccount } from "~/lib/client-accounts.server";
import { isUuid } from "~/lib/data-guards";
import { authorize, type ActorRef } from "~/lib/permissions";
import { deleteStoredFiles, removeObjects, storeFile, withStagedFile } from "~/lib/files/stored-files.server";
import { type Database, type Transaction } from "~/db/client.server";
import {
  misfitsOf,
  misfitTexts,
  noMisfits,
  type AgreementCriteria,
  type LeadFacts,
} from "./agreements/agreement-fit";
import { criteriaOf } from "./agreements/agreements.server";
import { capacityOf, lockMonthLedgers } from "./agreements/ledger.server";
import { recordLeadChanges, type LeadChange } from "./lead-changes.server";
import { clientDisplayName } from "./lead-format";
import { insertLeads } from "./new-leads.server";
import { type ActivityInput, type CapChoice, type LeadDetailsInput, type LeadInput } from "./leads.schema";
import { assignmentQuestion, type Capacity, type OverCap } from "./agreements/capacity";
import { assertOpenSource } from "./sources/sources.server";

/** A lead assigned to someone who is not a client (or no longer exists). */
export class InvalidClientError extends Error {
  constructor() {
    super("Invalid client ID");
    this.name = "InvalidClientError";
  }
}

export async function assertClientAccount(q: Database | Transaction, clientId: string | null) {
  if (clientId === null) return;
  if (!(await findClientAccount(q, clientId))) throw new InvalidClientError();
}

/**
 * The client an assignment delivers to: their name, their room this month and today, and what their
 * agreement checks (both null: no agreement).
 */
export interface Assignee {
  id: string;
  name: string;
  capacity: Capacity | null;
  criteria: AgreementCriteria | null;
}

/**
 * The assignee of an assignment with their account row locked (issue 24), taken before any lead is
 * locked: returns lock the account, then write to the lead, so this one order keeps the two from waiting
 * on each other. Null when unassigning; InvalidClientError when the id is not a client's.
 */
export async function lockAssignee(tx: Transaction, clientId: string | null): Promise<Assignee | null> {
  if (clientId === null) return null;
  const account = await findClientAccount(tx, clientId);
  if (!account) throw new InvalidClientError();
  const ledger = (await lockMonthLedgers(tx, [clientId])).get(clientId);
  return {
    id: account.id,
    name: clientDisplayName(account),
    capacity: ledger ? capacityOf(ledger) : null,
    criteria: await criteriaOf(tx, clientId),
  };
}

/** What an assignment reads of each lead it would deliver: the id, and what the agreement checks. */
export const arrivingLeadColumns = {
  id: leads.id,
  state: leads.state,
  zipCode: leads.zipCode,
  propertyType: leads.propertyType,
  askingPrice: leads.askingPrice,
  estimatedValue: leads.estimatedValue,
};
export type ArrivingLead = LeadFacts & { id: string };

/**
 * Which of the `arriving` leads (in the list's order) an assignment delivers: all of them when each fits
 * the agreement and the month has room, when there is no agreement, or when the admin chose "all"; when
 * they chose "fit", those inside the markets and buy box, the first up to what is left of the month's
 * promise; none when it must ask first. `question` says what is off.
 */
export function planAssignment<L extends ArrivingLead>(
  assignee: Assignee | null,
  arriving: readonly L[],
  choice: CapChoice,
): { take: readonly L[]; question: OverCap | null } {
  if (!assignee?.capacity) return { take: arriving, question: null };
  const { criteria } = assignee;
  const counts = noMisfits();
  const inside = arriving.filter((lead) => {
    const misfits = criteria ? misfitsOf(criteria, lead) : [];
    for (const misfit of misfits) counts[misfit] += 1;
    return misfits.length === 0;
  });
  const outside = criteria ? misfitTexts(criteria, counts) : [];
  const question = assignmentQuestion(assignee, arriving.length, inside.length, assignee.capacity, outside);
  if (!question || choice === "all") return { take: arriving, question };
  return { take: choice === "fit" ? inside.slice(0, question.fit) : [], question };
}

/** Creates a lead; the creator is the signed-in admin (spec 02 §6). */
export async function createLead(actor: ActorRef, input: LeadInput) {
  authorize(actor, "lead:create:any");
  const db = await getDb();
  return db.transaction(async (tx) => {
    await assertClientAccount(tx, input.assignedToClientId);
    await assertOpenSource(tx, input.leadSource);
    const [inserted] = await insertLeads(tx, [input], { createdByUserId: actor.id });
    if (inserted?.kind !== "created") throw new Error("The new lead was not inserted");
    const id = inserted.lead.id;
    await recordLeadChanges(tx, [{ leadId: id, from: null, to: input.assignedToClientId }], {
      by: actor.id,
      mail: "each",
      live: "lead",
    });
    return { id };
  });
}

const detailLabels: Record<keyof LeadDetailsInput, string> = {
  firstName: "first name",
  lastName: "last name",
  phone: "phone",
  email: "e-mail",
  address: "address",
  city: "city",
  state: "state",
  zipCode: "ZIP code",
  propertyType: "property type",
  motivationLevel: "motivation",
  leadSource: "lead source",
  situationNotes: "situation notes",
  askingPrice: "asking price",
  estimatedValue: "estimated value",
  estimatedRepairCost: "repair cost",
};

/**
 * Corrects a lead's details (not its status, assignment or feedback, which have their own rules); the
 * timeline says which fields changed. False when the lead does not exist.
 */
export async function updateLeadDetails(actor: ActorRef, id: string, input: LeadDetailsInput) {
  authorize(actor, "lead:write:any");
  if (!isUuid(id)) return false;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(leads).where(eq(leads.id, id)).for("update");
    if (!current) return false;
    await assertOpenSource(tx, input.leadSource, current.leadSource);
    const changed = (Object.keys(detailLabels) as (keyof LeadDetailsInput)[]).filter(
      (key) => (current[key] ?? null) !== (input[key] ?? null),
    );
    if (changed.length === 0) return true;
    const holder = current.assignedToClientId;
    const entry = {
      type: "details_updated" as const,
      description: `Updated ${changed.map((key) => detailLabels[key]).join(", ")}`,
      metadata: { fields: changed },
    };
    await recordLeadChanges(
      tx,
      [{ leadId: id, from: holder, to: holder, entry, updated: true }],
      { by: actor.id, mail: "none", live: "lead" },
      async () => {
        await tx
          .update(leads)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(leads.id, id));
      },
    );
    return true;
  });
}

async function lockLead(tx: Transaction, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select({
      ...arrivingLeadColumns,
      leadStatus: leads.leadStatus,
      assignedToClientId: leads.assignedToClientId,
    })
    .from(leads)
    .where(eq(leads.id, id))
    .for("update");
  return row ?? null;
}

type LockedLead = NonNullable<Awaited<ReturnType<typeof lockLead>>>;

/**
 * The frame of an admin's change to one lead: the permission and one transaction with the row locked.
 * `change` says what it will change (null: nothing to do) and how it writes it; the lead-change path
 * records the rest. False when the lead does not exist, true otherwise.
 */
async function changeLead(
  actor: ActorRef,
  id: string,
  change: (
    tx: Transaction,
    lead: LockedLead,
  ) => Promise<{ change: Omit<LeadChange, "leadId">; write: () => Promise<void> } | null>,
  /** What must be locked before the lead (the assignee's account). */
  lockFirst: (tx: Transaction) => Promise<void> = async () => undefined,
) {
  authorize(actor, "lead:write:any");
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockFirst(tx);
    const lead = await lockLead(tx, id);
    if (!lead) return false;
    const planned = await change(tx, lead);
    if (!planned) return true;
    await recordLeadChanges(
      tx,
      [{ leadId: id, ...planned.change }],
      { by: actor.id, mail: "each", live: "lead" },
      planned.write,
    );
    return true;
  });
}

/** The row change of a new status (one lead or many): a lead is sold exactly when its status is "sold". */
export const statusChange = (status: LeadStatus, now: Date) => ({
  leadStatus: status,
  isSold: status === "sold",
  updatedAt: now,
});

export const statusChangedText = (from: LeadStatus, to: LeadStatus) =>
  `Status changed from ${labelOf(leadStatuses, from)} to ${labelOf(leadStatuses, to)}`;

/**
 * The row change of a new assignee (one lead or many): feedback belongs to whoever gave it, so it resets,
 * with all of it: the reason a client passed and the figures of their deal are theirs, not the next
 * company's to read.
 */
export const assignmentChange = (clientId: string | null, now: Date) => ({
  assignedToClientId: clientId,
  clientFeedbackStatus: "not_reviewed" as const,
  clientNotes: null,
  clientReviewedAt: null,
  notInterestedReason: null,
  dealPurchasePrice: null,
  dealProfit: null,
  updatedAt: now,
});

/** Sets the status (any value, spec 02 §4); false when the lead does not exist. */
export async function updateLeadStatus(actor: ActorRef, id: string, status: LeadStatus) {
  return changeLead(actor, id, async (tx, lead) => {
    if (lead.leadStatus === status) return null;
    const holder = lead.assignedToClientId;
    return {
      change: {
        from: holder,
        to: holder,
        updated: true,
        entry: {
          type: "status_changed",
          description: statusChangedText(lead.leadStatus, status),
          metadata: { from: lead.leadStatus, to: status },
        },
      },
      write: async () => {
        await tx.update(leads).set(statusChange(status, new Date())).where(eq(leads.id, id));
      },
    };
  });
}

/**
 * Assigns the lead to a client, or unassigns it. Feedback belongs to the client who gave it, so a new
 * assignee starts from "not reviewed"; the earlier feedback stays in the timeline for admins. A lead
 * that would pass the client's monthly cap is not assigned unless `cap` is "all": the answer is then
 * `{ overCap }`, what to ask the admin (issue 24). False when the lead does not exist.
 */
export async function assignLead(
  actor: ActorRef,
  id: string,
  clientId: string | null,
  cap: "all",
): Promise<boolean>;
export async function assignLead(
  actor: ActorRef,
  id: string,
  clientId: string | null,
  cap?: CapChoice,
): Promise<boolean | { overCap: OverCap }>;
export async function assignLead(
  actor: ActorRef,
  id: string,
  clientId: string | null,
  cap: CapChoice = "ask",
): Promise<boolean | { overCap: OverCap }> {
  let assignee: Assignee | null = null;
  // Set by the change when it stops to ask (a closure's assignment is not seen by narrowing, hence a box).
  const stopped: { overCap?: OverCap } = {};
  const found = await changeLead(
    actor,
    id,
    async (tx, lead) => {
      if (lead.assignedToClientId === clientId) return null;
      const { take, question } = planAssignment(assignee, [lead], cap);
      if (take.length === 0) {
        if (question) stopped.overCap = question;
        return null;
      }
      return {
        change: { from: lead.assignedToClientId, to: clientId },
        write: async () => {
          await tx.update(leads).set(assignmentChange(clientId, new Date())).where(eq(leads.id, id));
        },
      };
    },
    async (tx) => {
      assignee = await lockAssignee(tx, clientId);
    },
  );
  return found && stopped.overCap ? { overCap: stopped.overCap } : found;
}

/** Records the price a sold lead went for (shown in Financial Details when the lead is sold). */
export async function setSoldPrice(actor: ActorRef, id: string, soldPrice: number | null) {
  return changeLead(actor, id, async (tx, lead) => ({
    change: { from: lead.assignedToClientId, to: lead.assignedToClientId, updated: true },
    write: async () => {
      await tx.update(leads).set({ soldPrice, updatedAt: new Date() }).where(eq(leads.id, id));
    },
  }));
}

/** An admin's note, call, e-mail or meeting on the timeline; false when the lead does not exist. */
export async function addActivity(actor: ActorRef, id: string, input: ActivityInput) {
  return changeLead(actor, id, async (_tx, lead) => ({
    change: {
      from: lead.assignedToClientId,
      to: lead.assignedToClientId,
      entry: { type: input.activityType, description: input.description },
    },
    write: async () => undefined,
  }));
}

export interface LeadDocumentUpload {
  name: string;
  fileName: string;
  contentType: string;
  /** What the bytes are (pdf, docx, jpg...), shown on the document card. */
  kind: string;
  bytes: Buffer;
}

/** Stores a document's bytes and its card in one transaction; false when the lead does not exist. */
export async function addDocument(actor: ActorRef, id: string, upload: LeadDocumentUpload) {
  authorize(actor, "lead:write:any");
  const file = {
    fileName: upload.fileName,
    contentType: upload.contentType,
    bytes: upload.bytes,
    uploadedBy: actor.id,
  };
  return withStagedFile(file, (staged) =>
    changeLead(actor, id, async (tx, lead) => ({
      change: {
        from: lead.assignedToClientId,
        to: lead.assignedToClientId,
        entry: { type: "document_uploaded", description: `Uploaded ${upload.name}` },
      },
      write: async () => {
        const fileId = await storeFile(tx, staged);
        await tx.insert(leadDocuments).values({
          leadId: id,
          documentName: upload.name,
          documentType: upload.kind.toUpperCase(),
          fileId,
          uploadedBy: actor.id,
        });
      },
    })),
  );
}

/**
 * Deletes the lead, its timeline, its documents and their stored bytes (objects in the bucket once the
 * deletion has committed); false when it did not exist.
 */
export async function deleteLead(actor: ActorRef, id: string) {
  let objectKeys: string[] = [];
  const deleted = await changeLead(actor, id, async (tx, lead) => ({
    change: { from: lead.assignedToClientId, to: lead.assignedToClientId, deleted: true },
    write: async () => {
      const files = await tx
        .delete(leadDocuments)
        .where(eq(leadDocuments.leadId, id))
        .returning({ fileId: leadDocuments.fileId });
      await tx.delete(leads).where(eq(leads.id, id));
      objectKeys = await deleteStoredFiles(
        tx,
        files.map((f) => f.fileId),
      );
    },
  }));
  await removeObjects(objectKeys);
  return deleted;
}

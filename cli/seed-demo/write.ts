/**
 * Writes the plan through the same feature functions as the app (leads, feedback, submissions), with the
 * form schemas validating each input; only the dates are moved into the past afterwards, so the lists and
 * the dashboard look like two months of work.
 */
import { and, eq, gt, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  careerApplications,
  contactSubmissions,
  leadActivities,
  leadDeliveries,
  leads,
  mailOutbox,
} from "~/db/schema";
import { careerSchema } from "~/features/careers/careers.schema";
import { submitCareerApplication } from "~/features/careers/careers.server";
import { contactSchema } from "~/features/contact/contact.schema";
import { submitContactMessage } from "~/features/contact/contact.server";
import { submitFeedback } from "~/features/leads/client-leads.server";
import { activitySchema, feedbackSchema, leadSchema } from "~/features/leads/leads.schema";
import {
  addActivity,
  assignLead,
  createLead,
  setSoldPrice,
  updateLeadStatus,
} from "~/features/leads/lead-commands.server";
import { setHandled } from "~/features/submissions/submissions.server";
import { demoClients } from "./fixtures/accounts";
import { demoCareers, demoContacts } from "./fixtures/submissions";
import { businessTime, DAY, SEED, type LeadPlan } from "./plan";
import { createRandom } from "./random";
import { checkpoint, expectOk, SeedError } from "./run-control";
import { feedbackForm, fill } from "./stories";
import { permissionsOf } from "~/lib/permissions";

/** The weekday `days` days from `at` (US Central), moved off the weekend in the same direction. */
function workday(at: Date, days: number): string {
  const name = (time: number) =>
    new Date(time).toLocaleDateString("en-US", { weekday: "long", timeZone: "America/Chicago" });
  let time = at.getTime() + days * DAY;
  while (name(time) === "Saturday" || name(time) === "Sunday") time += Math.sign(days) * DAY;
  return name(time);
}

/** {day}: a workday two days after the step (a meeting it sets up); {past}: the one before (a call it reports). */
const dated = (text: string, at: Date) => fill(text, { day: workday(at, 2), past: workday(at, -1) });

/** Gives the activities a step just wrote the step's date. */
async function dateNewActivities(db: Database, leadId: string, seen: Set<string>, at: Date) {
  const rows = await db
    .select({ id: leadActivities.id })
    .from(leadActivities)
    .where(eq(leadActivities.leadId, leadId));
  const fresh = rows.map((r) => r.id).filter((id) => !seen.has(id));
  if (fresh.length === 0) return;
  await db.update(leadActivities).set({ createdAt: at }).where(inArray(leadActivities.id, fresh));
  for (const id of fresh) seen.add(id);
}

/**
 * Gives the delivery the assignment just opened (and the one it closed) the step's date, so the ledger,
 * the milestones and the response times read the story's history, not the moment the seed ran.
 */
async function dateDeliveries(db: Database, leadId: string, at: Date) {
  await db
    .update(leadDeliveries)
    .set({ endedAt: at })
    .where(
      and(
        eq(leadDeliveries.leadId, leadId),
        isNotNull(leadDeliveries.endedAt),
        gt(leadDeliveries.endedAt, at),
      ),
    );
  await db
    .update(leadDeliveries)
    .set({ deliveredAt: at })
    .where(and(eq(leadDeliveries.leadId, leadId), isNull(leadDeliveries.endedAt)));
}

export async function seedLead(db: Database, plan: LeadPlan, adminId: string, clientIds: readonly string[]) {
  const admin = { id: adminId, permissions: permissionsOf(["admin"]) };
  const input = leadSchema.parse({ ...plan.form, assignedToClientId: "" });
  const { id } = await createLead(admin, input);
  const seen = new Set<string>();
  let assignee: string | null = null;
  let reviewedAt: Date | null = null;
  for (const [k, step] of plan.steps.entries()) {
    const at = plan.stepTimes[k]!;
    switch (step.do) {
      case "status":
        expectOk(await updateLeadStatus(admin, id, step.to), `set the status of lead ${id}`);
        break;
      case "assign":
        assignee = clientIds[step.client]!;
        reviewedAt = null;
        // History written as it happened: the month's cap is the admins' question of the day, not the seed's.
        expectOk(await assignLead(admin, id, assignee, "all"), `assign lead ${id}`);
        await dateDeliveries(db, id, at);
        break;
      case "activity":
        expectOk(
          await addActivity(
            admin,
            id,
            activitySchema.parse({ activityType: step.type, description: dated(step.text, at) }),
          ),
          `add an activity to lead ${id}`,
        );
        break;
      case "feedback": {
        if (!assignee) throw new SeedError(`Feedback on the unassigned lead ${id}`);
        const feedback = feedbackSchema.parse(feedbackForm(step, dated(step.notes, at)));
        expectOk(
          await submitFeedback({ id: assignee, permissions: permissionsOf(["client"]) }, id, feedback),
          `give feedback on lead ${id}`,
        );
        reviewedAt = at;
        // The first answer on this delivery happened at the step, not when the seed ran.
        await db
          .update(leadDeliveries)
          .set({ firstFeedbackAt: at })
          .where(
            and(
              eq(leadDeliveries.leadId, id),
              isNull(leadDeliveries.endedAt),
              gt(leadDeliveries.firstFeedbackAt, at),
            ),
          );
        break;
      }
      case "sold":
        expectOk(await setSoldPrice(admin, id, step.price), `set the sold price of lead ${id}`);
        break;
    }
    await dateNewActivities(db, id, seen, at);
  }
  await db
    .update(leads)
    .set({
      createdAt: plan.createdAt,
      updatedAt: plan.stepTimes.at(-1) ?? plan.createdAt,
      clientReviewedAt: reviewedAt,
    })
    .where(eq(leads.id, id));
}

export async function seedSubmissions(db: Database, now: Date, adminId: string) {
  const admin = { id: adminId, permissions: permissionsOf(["admin"]) };
  const random = createRandom(SEED + 1);
  // Addresses from the documentation range; per-e-mail limits apply as usual (every sender is distinct).
  let ip = 10;
  for (const plan of demoContacts) {
    checkpoint();
    const result = await submitContactMessage(contactSchema.parse(plan.form), { ip: `198.51.100.${ip++}` });
    if (result.status !== "sent")
      throw new SeedError(`The contact form refused ${plan.form.email} (rate limit)`);
    const createdAt = businessTime(now, plan.daysAgo, random);
    if (plan.handled) expectOk(await setHandled(admin, "contact", result.id, true), "mark a message handled");
    await db
      .update(contactSubmissions)
      .set({ createdAt, handledAt: plan.handled ? new Date(createdAt.getTime() + DAY) : null })
      .where(eq(contactSubmissions.id, result.id));
  }
  for (const plan of demoCareers) {
    checkpoint();
    const result = await submitCareerApplication(careerSchema.parse(plan.form), undefined, {
      ip: `198.51.100.${ip++}`,
    });
    if (result.status !== "sent")
      throw new SeedError(`The career form refused ${plan.form.email} (rate limit)`);
    const createdAt = businessTime(now, plan.daysAgo, random);
    if (plan.handled)
      expectOk(await setHandled(admin, "career", result.id, true), "mark an application handled");
    await db
      .update(careerApplications)
      .set({ createdAt, handledAt: plan.handled ? new Date(createdAt.getTime() + 2 * DAY) : null })
      .where(eq(careerApplications.id, result.id));
  }
  // The forms queue a staff notice and an acknowledgement per submission. These senders are invented,
  // so those e-mails are taken out of the outbox before the server's mail worker sees them.
  // The same goes for the "new lead for you" e-mails to the demo clients' invented addresses.
  const senders = [
    ...demoContacts.map((c) => c.form.email),
    ...demoCareers.map((c) => c.form.email),
    ...demoClients.map((c) => c.email),
  ];
  const removed = await db
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "pending"),
        or(inArray(mailOutbox.toAddress, senders), inArray(mailOutbox.replyTo, senders)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return removed.length;
}

/**
 * The submissions dashboard's queries and commands. Every function takes the actor and refuses anyone
 * who is not an admin, even though the routes check too: the data layer does not trust its callers.
 */
import { openStoredFile, storedFileColumns } from "~/lib/files/stored-files.server";
import { and, count, desc, eq, gte, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { csvLines } from "~/lib/csv";
import { isUuid, likePattern } from "~/lib/data-guards";
import { authorize, type ActorRef } from "~/lib/permissions";
import { careerApplications, contactSubmissions, storedFiles } from "~/db/schema";
import { pageOf, pageOffset } from "~/lib/paging";
import { PAGE_SIZE, type ListQuery, type SubmissionKind } from "./submissions.schema";

// The search expressions are the exact expressions of the trigram indexes (schema.ts), so they are used.
const contactSearch = sql`(${contactSubmissions.name} || ' ' || ${contactSubmissions.email} || ' ' || ${contactSubmissions.subject})`;
const careerSearch = sql`(${careerApplications.firstName} || ' ' || ${careerApplications.lastName} || ' ' || ${careerApplications.email})`;

function filters(kind: SubmissionKind, query: Pick<ListQuery, "q" | "status">): SQL | undefined {
  const table = kind === "contact" ? contactSubmissions : careerApplications;
  const conditions: SQL[] = [];
  if (query.q)
    conditions.push(sql`${kind === "contact" ? contactSearch : careerSearch} ILIKE ${likePattern(query.q)}`);
  if (query.status === "handled") conditions.push(isNotNull(table.handledAt));
  if (query.status === "open") conditions.push(isNull(table.handledAt));
  return conditions.length ? and(...conditions) : undefined;
}

export async function dashboardCounts(actor: ActorRef) {
  authorize(actor, "submission:read:any");
  const db = await getDb();
  const [[contacts], [careers]] = await Promise.all([
    db.select({ n: count() }).from(contactSubmissions),
    db.select({ n: count() }).from(careerApplications),
  ]);
  const contact = Number(contacts?.n ?? 0);
  const career = Number(careers?.n ?? 0);
  return { total: contact + career, contact, career };
}

export async function listContactSubmissions(actor: ActorRef, query: ListQuery) {
  authorize(actor, "submission:read:any");
  const db = await getDb();
  const where = filters("contact", query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactSubmissions)
      .where(where)
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(query.page, PAGE_SIZE)),
    db.select({ n: count() }).from(contactSubmissions).where(where),
  ]);
  return pageOf(rows, Number(total?.n ?? 0), query.page, PAGE_SIZE);
}

export async function listCareerApplications(actor: ActorRef, query: ListQuery) {
  authorize(actor, "submission:read:any");
  const db = await getDb();
  const where = filters("career", query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: careerApplications.id,
        firstName: careerApplications.firstName,
        lastName: careerApplications.lastName,
        email: careerApplications.email,
        phone: careerApplications.phone,
        positionInterest: careerApplications.positionInterest,
        experienceLevel: careerApplications.experienceLevel,
        coverLetter: careerApplications.coverLetter,
        resumeFileId: careerApplications.resumeFileId,
        resumeName: storedFiles.fileName,
        handledAt: careerApplications.handledAt,
        createdAt: careerApplications.createdAt,
      })
      .from(careerApplications)
      .leftJoin(storedFiles, eq(storedFiles.id, careerApplications.resumeFileId))
      .where(where)
      .orderBy(desc(careerApplications.createdAt), desc(careerApplications.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(query.page, PAGE_SIZE)),
    db.select({ n: count() }).from(careerApplications).where(where),
  ]);
  return pageOf(rows, Number(total?.n ?? 0), query.page, PAGE_SIZE);
}

/** Marks a submission handled (or open again); false when it does not exist. */
export async function setHandled(actor: ActorRef, kind: SubmissionKind, id: string, handled: boolean) {
  authorize(actor, "submission:write:any");
  const db = await getDb();
  const table = kind === "contact" ? contactSubmissions : careerApplications;
  const updated = await db
    .update(table)
    .set({ handledAt: handled ? new Date() : null, handledBy: handled ? actor.id : null })
    .where(eq(table.id, id))
    .returning({ id: table.id });
  return updated.length === 1;
}

/** Submissions per week (Monday to Sunday, UTC) for the last `weeks` weeks, oldest first. */
export async function weeklyCounts(actor: ActorRef, weeks = 12, now = new Date()) {
  authorize(actor, "submission:read:any");
  const db = await getDb();
  const startOfWeek = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  startOfWeek.setUTCDate(startOfWeek.getUTCDate() - ((startOfWeek.getUTCDay() + 6) % 7));
  const from = new Date(startOfWeek);
  from.setUTCDate(from.getUTCDate() - 7 * (weeks - 1));
  const week = (column: typeof contactSubmissions.createdAt | typeof careerApplications.createdAt) =>
    sql<string>`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const [contacts, careers] = await Promise.all([
    db
      .select({ week: week(contactSubmissions.createdAt), n: count() })
      .from(contactSubmissions)
      .where(gte(contactSubmissions.createdAt, from))
      .groupBy(sql`1`),
    db
      .select({ week: week(careerApplications.createdAt), n: count() })
      .from(careerApplications)
      .where(gte(careerApplications.createdAt, from))
      .groupBy(sql`1`),
  ]);
  return Array.from({ length: weeks }, (_, i) => {
    const start = new Date(from);
    start.setUTCDate(start.getUTCDate() + 7 * i);
    const key = start.toISOString().slice(0, 10);
    return {
      week: key,
      contact: Number(contacts.find((r) => r.week === key)?.n ?? 0),
      career: Number(careers.find((r) => r.week === key)?.n ?? 0),
    };
  });
}

/** A list as CSV (all pages, same filters), newest first. */
export async function exportCsv(
  actor: ActorRef,
  kind: SubmissionKind,
  query: Pick<ListQuery, "q" | "status">,
) {
  authorize(actor, "submission:read:any");
  const db = await getDb();
  const where = filters(kind, query);
  if (kind === "contact") {
    const rows = await db
      .select()
      .from(contactSubmissions)
      .where(where)
      .orderBy(desc(contactSubmissions.createdAt));
    return csvLines(
      rows.map((r) => [
        r.createdAt.toISOString(),
        r.name,
        r.email,
        r.company ?? "",
        r.subject,
        r.message,
        r.handledAt ? "yes" : "no",
      ]),
      ["created_at", "name", "email", "company", "subject", "message", "handled"],
    );
  }
  const rows = await db
    .select()
    .from(careerApplications)
    .where(where)
    .orderBy(desc(careerApplications.createdAt));
  return csvLines(
    rows.map((r) => [
      r.createdAt.toISOString(),
      r.firstName,
      r.lastName,
      r.email,
      r.phone ?? "",
      r.positionInterest ?? "",
      r.experienceLevel ?? "",
      r.coverLetter,
      r.resumeFileId ? "yes" : "no",
      r.handledAt ? "yes" : "no",
    ]),
    [
      "created_at",
      "first_name",
      "last_name",
      "email",
      "phone",
      "position_interest",
      "experience_level",
      "cover_letter",
      "resume",
      "handled",
    ],
  );
}

/** The resume of an application, for the admin download route; null when there is none. */
export async function resumeFile(actor: ActorRef, applicationId: string) {
  authorize(actor, "submission:read:any");
  if (!isUuid(applicationId)) return null;
  const db = await getDb();
  const [file] = await db
    .select(storedFileColumns)
    .from(careerApplications)
    .innerJoin(storedFiles, eq(storedFiles.id, careerApplications.resumeFileId))
    .where(eq(careerApplications.id, applicationId));
  return file ? openStoredFile(file) : null;
}

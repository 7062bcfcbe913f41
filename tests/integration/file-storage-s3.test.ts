/**
 * FILE_STORAGE=s3 against a local S3-compatible server (s3rver) on both databases: uploads land in the
 * bucket under a random key and not in the row, the download routes stream them back to admins only, the
 * staff e-mail attaches the resume from the bucket, an object whose row did not commit is deleted again,
 * deleting a lead deletes its objects, and the orphan sweep takes only objects no row names, only under this
 * installation's id, and nothing when that would be an unusual share; a copy given a new id leaves its
 * original's objects alone.
 */
import crypto from "node:crypto";
import { eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { careerApplications, installation, leadDocuments, leads, storedFiles } from "~/db/schema";
import { submitCareerApplication } from "~/features/careers/careers.server";
import type { CareerInput } from "~/features/careers/careers.schema";
import { bulkLeadAction } from "~/features/leads/bulk.server";
import { addDocument, deleteLead } from "~/features/leads/lead-commands.server";
import {
  objectKeyPrefix,
  removeObjects,
  storeFile,
  sweepOrphanObjects,
  SWEEP_ALWAYS_ALLOWED,
  withStagedFile,
} from "~/lib/files/stored-files.server";
import { installationOf, renewInstallation } from "~/db/installation.server";
import { captureLog } from "~/lib/log.server";
import { deliverDueMail, type DeliverableMail } from "~/lib/mail/outbox.server";
import { permissionsOf, type ActorRef } from "~/lib/permissions";
import { loader as documentLoader } from "~/routes/admin/leads/document";
import { loader as resumeLoader } from "~/routes/admin/resume";
import { testDatabases } from "../support/databases";
import { signedInAccounts, stubAuthEnv, useTestDatabase } from "../support/integration-fixtures";
import { callRoute, getRequest, statusOf } from "../support/route-calls";
import { startS3Server } from "../support/s3-server";
import { readiness } from "../../server/ops";
import { s3ObjectStore } from "~/lib/files/object-store.server";

const s3 = await startS3Server();
stubAuthEnv({ ...s3.env, IP_RATE_LIMITS: "off" });
afterAll(() => s3.stop());

const PASSWORD = "Harbor-Light-42";
/** Random bytes behind a PDF header: any byte value must come back unchanged. */
const resumeBytes = Buffer.concat([
  Buffer.from("%PDF-1.7\n%"),
  crypto.randomBytes(300_000),
  Buffer.from("\n%%EOF\n"),
]);

const application = (email: string): CareerInput => ({
  firstName: "Ann",
  lastName: "Lee",
  email,
  phone: "555-123-4567",
  positionInterest: "cold-calling",
  experienceLevel: "4-5",
  coverLetter: "I have five years of acquisitions experience and enjoy working the phones every day.",
});
const resume = { originalName: "My CV.pdf", kind: "pdf" as const, bytes: resumeBytes };

const bytesOf = async (body: ReadableStream<Uint8Array> | Blob | null) =>
  Buffer.from(await new Response(body).arrayBuffer());

describe.each(testDatabases)("files in S3 on $name", (testDb) => {
  const database = useTestDatabase(testDb);
  const { ids, cookies } = signedInAccounts(
    database,
    { admin: { role: "admin" }, client: { role: "client", companyName: "Alpha Homes" } },
    PASSWORD,
  );
  const admin = (): ActorRef => ({ id: ids.admin, permissions: permissionsOf(["admin"]) });
  const objectKeys = async () =>
    (await database.db.select({ key: storedFiles.storageKey }).from(storedFiles)).map((row) => row.key!);
  const objectBytes = async (key: string) => bytesOf(await (await s3.store()).get(key));

  let seeded = 0;
  async function seedLead() {
    seeded += 1;
    const [row] = await database.db
      .insert(leads)
      .values({
        firstName: "Seeded",
        lastName: `Lead${seeded}`,
        phone: "+13125550100",
        address: `${100 + seeded} Main Street`,
        city: "Chicago",
        state: "IL",
        zipCode: "60601",
      })
      .returning({ id: leads.id });
    return row!.id;
  }
  const upload = (leadId: string, name: string) =>
    addDocument(admin(), leadId, {
      name,
      fileName: `${name}.pdf`,
      contentType: "application/pdf",
      kind: "pdf",
      bytes: Buffer.from(`%PDF-1.4 ${name}`),
    });

  it("keeps a resume in the bucket, not the row, and streams it to an admin only", async () => {
    const sent = await submitCareerApplication(application("ann@example.com"), resume, { ip: "203.0.113.9" });
    expect(sent.status).toBe("sent");
    const [application_] = await database.db
      .select({ id: careerApplications.id, fileId: careerApplications.resumeFileId })
      .from(careerApplications)
      .where(eq(careerApplications.email, "ann@example.com"));
    const [file] = await database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, application_!.fileId!));
    expect(file).toMatchObject({ data: null, sizeBytes: resumeBytes.length, contentType: "application/pdf" });
    // Under this installation's id, kept in the database: one row, the same id every time it is asked.
    const [ours, ...others] = await database.db.select().from(installation);
    expect(others).toEqual([]);
    expect((await installationOf(database.db)).id).toBe(ours!.id);
    expect(file!.storageKey).toMatch(new RegExp(`^${ours!.id}/stored-files/[0-9a-f]{8}-[0-9a-f-]{27}$`));
    expect(file!.sha256).toBe(crypto.createHash("sha256").update(resumeBytes).digest("hex"));
    expect((await objectBytes(file!.storageKey!)).equals(resumeBytes)).toBe(true);

    const path = `/admin/applications/${application_!.id}/resume`;
    const asClient = await callRoute(resumeLoader, getRequest(path, { cookie: cookies.client }), {
      id: application_!.id,
    });
    expect(statusOf(asClient)).toBe(404);
    const anonymous = await callRoute(resumeLoader, getRequest(path), { id: application_!.id });
    expect(statusOf(anonymous)).not.toBe(200);

    const download = await callRoute(resumeLoader, getRequest(path, { cookie: cookies.admin }), {
      id: application_!.id,
    });
    expect(download).toBeInstanceOf(Response);
    const response = download as Response;
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-length": String(resumeBytes.length),
      "content-disposition": `attachment; filename="My CV.pdf"; filename*=UTF-8''My%20CV.pdf`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    });
    expect(response.headers.get("location")).toBeNull();
    expect((await bytesOf(response.body)).equals(resumeBytes)).toBe(true);
  });

  it("attaches the resume to the staff e-mail from the bucket", async () => {
    const delivered: DeliverableMail[] = [];
    await deliverDueMail(database.db, async (mail) => void delivered.push(mail), "Leadworks <x@example.com>");
    const staff = delivered.find((mail) => mail.to === "team@leadworks.example");
    expect(staff?.attachments).toHaveLength(1);
    expect(staff!.attachments![0]!.filename).toBe("My CV.pdf");
    expect(Buffer.from(staff!.attachments![0]!.content).equals(resumeBytes)).toBe(true);
  });

  it("deletes the object again when its row does not commit", async () => {
    const before = await s3.keys();
    // A rolled-back transaction, after the row was inserted.
    await expect(
      withStagedFile(
        { fileName: "x.pdf", contentType: "application/pdf", bytes: Buffer.from("%PDF-x") },
        (staged) =>
          database.db.transaction(async (tx) => {
            await storeFile(tx, staged);
            await tx.execute(sql`select 1 / 0`);
          }),
      ),
    ).rejects.toThrow();
    // A transaction that commits without the file: the applicant's third application in the window.
    expect(
      (await submitCareerApplication(application("bo@example.com"), resume, { ip: "203.0.113.9" })).status,
    ).toBe("sent");
    expect(
      (await submitCareerApplication(application("bo@example.com"), resume, { ip: "203.0.113.9" })).status,
    ).toBe("sent");
    const afterTwo = await s3.keys();
    expect(afterTwo).toHaveLength(before.length + 2);
    expect(
      (await submitCareerApplication(application("bo@example.com"), resume, { ip: "203.0.113.9" })).status,
    ).toBe("rate-limited");
    // A lead that is gone.
    expect(await upload("00000000-0000-4000-8000-00000000dead", "Orphan")).toBe(false);

    expect(await s3.keys()).toEqual(afterTwo);
    expect(await database.db.select().from(storedFiles).where(eq(storedFiles.fileName, "x.pdf"))).toEqual([]);
  });

  it("streams a lead document to an admin only and deletes its object with the lead", async () => {
    const leadId = await seedLead();
    expect(await upload(leadId, "Deed")).toBe(true);
    const [document] = await database.db
      .select({ id: leadDocuments.id, key: storedFiles.storageKey })
      .from(leadDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, leadDocuments.fileId))
      .where(eq(leadDocuments.leadId, leadId));
    expect(await s3.keys()).toContain(document!.key);

    const path = `/admin/leads/${leadId}/documents/${document!.id}`;
    const params = { id: leadId, documentId: document!.id };
    expect(
      statusOf(await callRoute(documentLoader, getRequest(path, { cookie: cookies.client }), params)),
    ).toBe(404);
    const download = (await callRoute(
      documentLoader,
      getRequest(path, { cookie: cookies.admin }),
      params,
    )) as Response;
    expect(download.status).toBe(200);
    expect((await bytesOf(download.body)).toString()).toBe("%PDF-1.4 Deed");

    expect(await deleteLead(admin(), leadId)).toBe(true);
    expect(await s3.keys()).not.toContain(document!.key);
    expect(await objectKeys()).not.toContain(document!.key);
  });

  it("deletes the objects of leads deleted in bulk", async () => {
    const first = await seedLead();
    const second = await seedLead();
    await upload(first, "Survey");
    await upload(second, "Tax bill");
    const keys = async (leadIds: string[]) =>
      (
        await database.db
          .select({ key: storedFiles.storageKey })
          .from(leadDocuments)
          .innerJoin(storedFiles, eq(storedFiles.id, leadDocuments.fileId))
          .where(sql`${leadDocuments.leadId} in (${sql.join(leadIds, sql`, `)})`)
      ).map((row) => row.key!);
    const theirs = await keys([first, second]);
    expect(theirs).toHaveLength(2);

    const result = await bulkLeadAction(admin(), { ids: [first, second] }, { kind: "delete" });
    expect(result.changed).toBe(2);
    const left = await s3.keys();
    for (const key of theirs) expect(left).not.toContain(key);
  });

  it("still serves a file written under the old shared prefix, before installation ids", async () => {
    const leadId = await seedLead();
    const key = `stored-files/${crypto.randomUUID()}`;
    const bytes = Buffer.from("%PDF-1.4 Old deed");
    await (await s3.store()).put(key, bytes, "application/pdf");
    const [file] = await database.db
      .insert(storedFiles)
      .values({
        fileName: "Old deed.pdf",
        contentType: "application/pdf",
        sizeBytes: bytes.length,
        sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
        storageKey: key,
      })
      .returning({ id: storedFiles.id });
    const [document] = await database.db
      .insert(leadDocuments)
      .values({ leadId, documentName: "Old deed", documentType: "PDF", fileId: file!.id })
      .returning({ id: leadDocuments.id });
    const download = (await callRoute(
      documentLoader,
      getRequest(`/admin/leads/${leadId}/documents/${document!.id}`, { cookie: cookies.admin }),
      { id: leadId, documentId: document!.id },
    )) as Response;
    expect(download.status).toBe(200);
    expect((await bytesOf(download.body)).equals(bytes)).toBe(true);
  });

  it("sweeps objects older than an hour that no row names, and only under its own prefix", async () => {
    const store = await s3.store();
    const prefix = objectKeyPrefix(await installationOf(database.db));
    const orphan = `${prefix}${crypto.randomUUID()}`;
    // Not this installation's to sweep: another's, and the old shared prefix (whose rows may be anywhere).
    const othersOrphan = `${crypto.randomUUID()}/stored-files/${crypto.randomUUID()}`;
    const legacyOrphan = `stored-files/${crypto.randomUUID()}`;
    for (const key of [orphan, othersOrphan, legacyOrphan]) {
      await store.put(key, Buffer.from("left behind"), "application/pdf");
    }
    await store.put("not-ours/keep.txt", Buffer.from("another app's"), "text/plain");

    // Just written: too young to sweep (its row may be about to commit).
    expect(await sweepOrphanObjects(database.db, store)).toBe(0);
    expect(await s3.keys()).toContain(orphan);

    const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
    expect(await sweepOrphanObjects(database.db, store, inTwoHours)).toBe(1);
    const left = await s3.keys();
    expect(left).not.toContain(orphan);
    expect(left).toEqual(expect.arrayContaining([othersOrphan, legacyOrphan, "not-ours/keep.txt"]));
    const named = await database.db
      .select({ key: storedFiles.storageKey })
      .from(storedFiles)
      .where(isNotNull(storedFiles.storageKey));
    expect(named.length).toBeGreaterThan(0);
    for (const { key } of named) expect(left).toContain(key);
  });

  it("deletes nothing, and says why, when a sweep would take an unusual share of its objects", async () => {
    const store = await s3.store();
    const prefix = objectKeyPrefix(await installationOf(database.db));
    const named = (await s3.keys(prefix)).length;
    expect(named).toBeGreaterThan(0);
    // As if this database did not belong with these objects (another installation's data on this id).
    const orphans = Array.from(
      { length: named + SWEEP_ALWAYS_ALLOWED },
      () => `${prefix}${crypto.randomUUID()}`,
    );
    for (const key of orphans) await store.put(key, Buffer.from("unknown"), "application/pdf");
    const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
    const capture = captureLog("warn");
    try {
      expect(await sweepOrphanObjects(database.db, store, inTwoHours)).toBe(0);
    } finally {
      capture.stop();
    }
    expect(await s3.keys(prefix)).toEqual(expect.arrayContaining(orphans));
    expect(capture.entries()).toMatchObject([
      { level: "warn", prefix, orphans: orphans.length, objects: named + orphans.length },
    ]);
    // A usual share (here: all but one gone by other means) is swept.
    for (const key of orphans.slice(1)) await store.delete(key);
    expect(await sweepOrphanObjects(database.db, store, inTwoHours)).toBe(1);
    expect(await s3.keys(prefix)).not.toContain(orphans[0]);
  });

  it("is ready only while the bucket answers", async () => {
    const base = {
      database: database.handle,
      jobs: { workerStates: () => ({ mail: "running" as const }) },
      stopping: () => false,
    };
    expect(await readiness({ ...base, fileStore: await s3.store() })).toEqual({
      ready: true,
      checks: { database: "ok", migrations: "ok", storage: "ok", mail: "ok" },
    });
    const missing = await s3ObjectStore({ ...s3.settings, S3_BUCKET: "no-such-bucket" });
    expect(await readiness({ ...base, fileStore: missing })).toMatchObject({
      ready: false,
      checks: { storage: "bucket unreachable" },
    });
  });

  // Last: it gives this database a new installation id.
  it("as a copy given a new id, writes and sweeps only under it and never deletes the original's objects", async () => {
    const store = await s3.store();
    const original = await installationOf(database.db);
    const keysOf = async (leadId: string) =>
      (
        await database.db
          .select({ key: storedFiles.storageKey })
          .from(leadDocuments)
          .innerJoin(storedFiles, eq(storedFiles.id, leadDocuments.fileId))
          .where(eq(leadDocuments.leadId, leadId))
      ).map((row) => row.key!);
    const sharedLead = await seedLead();
    expect(await upload(sharedLead, "Shared deed")).toBe(true);
    const [shared] = await keysOf(sharedLead);
    expect(shared!.startsWith(objectKeyPrefix(original))).toBe(true);
    const legacyLead = await seedLead();
    const legacyKey = `stored-files/${crypto.randomUUID()}`;
    await store.put(legacyKey, Buffer.from("%PDF-1.4 old"), "application/pdf");
    const [legacyFile] = await database.db
      .insert(storedFiles)
      .values({
        fileName: "old.pdf",
        contentType: "application/pdf",
        sizeBytes: 12,
        sha256: "x",
        storageKey: legacyKey,
      })
      .returning({ id: storedFiles.id });
    await database.db
      .insert(leadDocuments)
      .values({ leadId: legacyLead, documentName: "Old", documentType: "PDF", fileId: legacyFile!.id });

    const copy = await renewInstallation(database.db);
    expect(copy.id).not.toBe(original.id);
    expect(copy.ownsLegacyObjects).toBe(false);
    expect(await installationOf(database.db)).toEqual(copy);

    const ownLead = await seedLead();
    expect(await upload(ownLead, "Copy deed")).toBe(true);
    const [own] = await keysOf(ownLead);
    expect(own!.startsWith(objectKeyPrefix(copy))).toBe(true);
    // Deleting the leads deletes the copy's rows; the objects they shared stay with their owner.
    for (const leadId of [sharedLead, legacyLead, ownLead])
      expect(await deleteLead(admin(), leadId)).toBe(true);
    const left = await s3.keys();
    expect(left).toEqual(expect.arrayContaining([shared, legacyKey]));
    expect(left).not.toContain(own);
    // No row names the original's objects here any more: still, the copy's sweep does not look there.
    expect(await sweepOrphanObjects(database.db, store, new Date(Date.now() + 2 * 3_600_000))).toBe(0);
    expect(await s3.keys()).toEqual(expect.arrayContaining([shared, legacyKey]));
  });
});

describe("when the bucket is down", () => {
  useTestDatabase(testDatabases[0]!);

  it("logs each object it could not delete, with its key, and carries on", async () => {
    await s3.stop();
    const capture = captureLog("warn");
    try {
      await removeObjects(["stored-files/a", "stored-files/b"]);
    } finally {
      capture.stop();
    }
    expect(capture.entries().map((entry) => [entry.level, entry.key, entry.msg])).toEqual([
      [
        "warn",
        "stored-files/a",
        "[files] object not deleted (its row was deleted); the orphan sweep will retry",
      ],
      [
        "warn",
        "stored-files/b",
        "[files] object not deleted (its row was deleted); the orphan sweep will retry",
      ],
    ]);
  });
});

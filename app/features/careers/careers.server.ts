/**
 * A job application: rate limits, the resume bytes, the application row and both e-mails commit in one
 * transaction, so a failed insert leaves no file and a failed upload leaves no application.
 */
import crypto from "node:crypto";
import { getDb } from "~/db/db.server";
import { careerApplications, storedFiles } from "~/db/schema";
import { env } from "~/lib/env.server";
import { documentContentTypes, safeFileName, type DocumentKind } from "~/lib/files/document-type";
import { composeMail } from "~/lib/mail/compose";
import { enqueueMail } from "~/lib/mail/outbox.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { notify, SUBMISSIONS_CHANNEL } from "~/lib/realtime.server";
import { step } from "~/lib/submission-errors";
import { CAREER_LIMIT, experienceLevels, positions, type CareerInput } from "./careers.schema";

export const CAREER_IP_LIMIT = { max: 10, windowMs: 60 * 60_000 };

export interface Resume {
  originalName: string;
  kind: DocumentKind;
  bytes: Uint8Array;
}

export type CareerResult = { status: "sent"; id: string } | { status: "rate-limited" };

const labelOf = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((item) => item.value === value)?.label ?? value;

export async function submitCareerApplication(
  input: CareerInput,
  resume: Resume | undefined,
  meta: { ip: string },
): Promise<CareerResult> {
  const db = await getDb();
  const config = env();
  return db.transaction(async (tx) => {
    const allowed = await step("rate-check", async () => {
      const email = input.email.toLowerCase();
      if (!(await consumeRateLimit(tx, { bucket: `career:email:${email}`, ...CAREER_LIMIT }))) return false;
      if (config.IP_RATE_LIMITS === "on") {
        return consumeRateLimit(tx, { bucket: `career:ip:${meta.ip}`, ...CAREER_IP_LIMIT });
      }
      return true;
    });
    if (!allowed) return { status: "rate-limited" } as const;

    return step("insert", async () => {
      let file: { id: string; fileName: string; contentType: string } | undefined;
      if (resume) {
        const fileName = safeFileName(resume.originalName, resume.kind);
        const contentType = documentContentTypes[resume.kind];
        const [stored] = await tx
          .insert(storedFiles)
          .values({
            fileName,
            contentType,
            sizeBytes: resume.bytes.length,
            sha256: crypto.createHash("sha256").update(resume.bytes).digest("hex"),
            data: resume.bytes,
          })
          .returning({ id: storedFiles.id });
        file = { id: stored!.id, fileName, contentType };
      }
      const [row] = await tx
        .insert(careerApplications)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone ?? null,
          positionInterest:
            input.positionInterest as (typeof careerApplications.$inferInsert)["positionInterest"],
          experienceLevel:
            input.experienceLevel as (typeof careerApplications.$inferInsert)["experienceLevel"],
          coverLetter: input.coverLetter,
          resumeFileId: file?.id ?? null,
        })
        .returning({ id: careerApplications.id });
      const name = `${input.firstName} ${input.lastName}`;
      const staff = composeMail({
        heading: "New job application",
        paragraphs: [`${name} applied for ${labelOf(positions, input.positionInterest)}.`],
        fields: [
          ["Name", name],
          ["Email", input.email],
          ["Phone", input.phone ?? "-"],
          ["Position", labelOf(positions, input.positionInterest)],
          ["Experience", labelOf(experienceLevels, input.experienceLevel)],
          ["Resume", file ? `${file.fileName} (attached)` : "none"],
          ["Cover letter", input.coverLetter],
        ],
        action: { label: "Open the dashboard", url: `${config.SITE_URL}/admin` },
        footer: "Leadworks website notification",
      });
      await enqueueMail(tx, {
        to: config.NOTIFY_EMAIL,
        replyTo: input.email,
        subject: `New application: ${name}, ${labelOf(positions, input.positionInterest)}`,
        attachments: file
          ? [{ fileId: file.id, fileName: file.fileName, contentType: file.contentType }]
          : [],
        ...staff,
      });
      const ack = composeMail({
        heading: `Thank you for applying, ${input.firstName}`,
        paragraphs: [
          `We received your application for ${labelOf(positions, input.positionInterest)}. Our team reviews every application and will get back to you soon.`,
        ],
        footer: `Leadworks | ${config.CONTACT_EMAIL}`,
      });
      await enqueueMail(tx, { to: input.email, subject: "We received your application", ...ack });
      await notify(tx, SUBMISSIONS_CHANNEL, { kind: "career", id: row!.id });
      return { status: "sent", id: row!.id } as const;
    });
  });
}

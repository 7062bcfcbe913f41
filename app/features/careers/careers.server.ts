/**
 * A job application: rate limits, the resume, the application row and both e-mails commit in one
 * transaction, so a failed insert leaves no file and a failed upload leaves no application. With
 * FILE_STORAGE=s3 the resume's object is written just before and deleted again if nothing committed.
 */
import { getDb } from "~/db/db.server";
import { experienceLevels, labelOf, positions } from "~/db/enums";
import { careerApplications } from "~/db/schema";
import { env } from "~/lib/env.server";
import { ipRateLimitKey } from "~/lib/ip-rate-limit-key";
import { documentContentTypes, safeFileName, type DocumentKind } from "~/lib/files/document-type";
import { storeFile, withStagedFile, type StagedFile } from "~/lib/files/stored-files.server";
import { enqueueMail } from "~/lib/mail/outbox.server";
import { careerNoticeMail, careerReceiptMail } from "~/lib/mail/templates/forms";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { notify, SUBMISSIONS_CHANNEL } from "~/lib/realtime.server";
import { step } from "~/lib/submission-errors";
import { CAREER_LIMIT, type CareerInput } from "./careers.schema";

export const CAREER_IP_LIMIT = { max: 10, windowMs: 60 * 60_000 };

export interface Resume {
  originalName: string;
  kind: DocumentKind;
  bytes: Uint8Array;
}

export type CareerResult = { status: "sent"; id: string } | { status: "rate-limited" };

export async function submitCareerApplication(
  input: CareerInput,
  resume: Resume | undefined,
  meta: { ip: string },
): Promise<CareerResult> {
  const db = await getDb();
  const config = env();
  const apply = (resumeFile: StagedFile | undefined) =>
    db.transaction(async (tx) => {
      const allowed = await step("rate-check", async () => {
        const email = input.email.toLowerCase();
        if (!(await consumeRateLimit(tx, { bucket: `career:email:${email}`, ...CAREER_LIMIT }))) return false;
        if (config.IP_RATE_LIMITS === "on") {
          return consumeRateLimit(tx, { bucket: `career:ip:${ipRateLimitKey(meta.ip)}`, ...CAREER_IP_LIMIT });
        }
        return true;
      });
      if (!allowed) return { status: "rate-limited" } as const;

      return step("insert", async () => {
        let file: { id: string; fileName: string; contentType: string } | undefined;
        if (resumeFile) {
          const { fileName, contentType } = resumeFile.values;
          file = { id: await storeFile(tx, resumeFile), fileName, contentType };
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
        await enqueueMail(
          tx,
          careerNoticeMail({
            to: config.NOTIFY_EMAIL,
            siteUrl: config.SITE_URL,
            name: `${input.firstName} ${input.lastName}`,
            email: input.email,
            phone: input.phone ?? null,
            position: labelOf(positions, input.positionInterest),
            experience: labelOf(experienceLevels, input.experienceLevel),
            resume: file && { fileId: file.id, fileName: file.fileName, contentType: file.contentType },
            coverLetter: input.coverLetter,
          }),
        );
        // The applicant's acknowledgement is our words only (no cover letter), see acknowledgementMail.
        await enqueueMail(
          tx,
          careerReceiptMail({
            to: input.email,
            firstName: input.firstName,
            position: labelOf(positions, input.positionInterest),
            contactEmail: config.CONTACT_EMAIL,
            siteUrl: config.SITE_URL,
          }),
        );
        await notify(tx, SUBMISSIONS_CHANNEL, { kind: "career", id: row!.id });
        return { status: "sent", id: row!.id } as const;
      });
    });
  if (!resume) return apply(undefined);
  const file = {
    fileName: safeFileName(resume.originalName, resume.kind),
    contentType: documentContentTypes[resume.kind],
    bytes: resume.bytes,
  };
  // A bucket that cannot take the resume is a failed insert for the applicant, like the database's.
  return step("insert", () => withStagedFile(file, apply));
}

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
import { acknowledgementMail, greeting } from "~/lib/mail/acknowledgement";
import { composeMail } from "~/lib/mail/compose";
import { enqueueMail } from "~/lib/mail/outbox.server";
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
        // The applicant's acknowledgement is our words only (no cover letter), see acknowledgementMail.
        await enqueueMail(
          tx,
          acknowledgementMail({
            to: input.email,
            subject: "We received your application",
            heading: greeting("Thank you for applying", input.firstName),
            paragraphs: [
              `We received your application for ${labelOf(positions, input.positionInterest)}. Our team reviews every application and will get back to you soon.`,
            ],
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

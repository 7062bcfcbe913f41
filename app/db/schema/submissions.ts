/** The public site's form submissions: contact messages and career applications. */
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { experienceLevel, positionInterest } from "./pg-enums";
import { user } from "./accounts";
import { storedFiles } from "./files";

// ---------------------------------------------------------------- public form submissions
export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 100 }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    company: varchar("company", { length: 100 }),
    subject: varchar("subject", { length: 200 }).notNull(),
    message: varchar("message", { length: 2000 }).notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_submissions_created_at_idx").on(t.createdAt.desc()),
    index("contact_submissions_search_idx").using(
      "gin",
      sql`(${t.name} || ' ' || ${t.email} || ' ' || ${t.subject}) gin_trgm_ops`,
    ),
  ],
);

export const careerApplications = pgTable(
  "career_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: varchar("first_name", { length: 50 }).notNull(),
    lastName: varchar("last_name", { length: 50 }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    phone: varchar("phone", { length: 20 }),
    positionInterest: positionInterest("position_interest"),
    experienceLevel: experienceLevel("experience_level"),
    coverLetter: varchar("cover_letter", { length: 3000 }).notNull(),
    /** The spec's resume_url: the resume is served only through the admin download route. */
    resumeFileId: uuid("resume_file_id").references(() => storedFiles.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("career_applications_created_at_idx").on(t.createdAt.desc()),
    index("career_applications_search_idx").using(
      "gin",
      sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
  ],
);

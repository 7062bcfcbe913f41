ALTER TABLE "lead_deliveries" ADD COLUMN "first_feedback_by" text;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_first_feedback_by_user_id_fk" FOREIGN KEY ("first_feedback_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Who gave each delivery's first feedback (ADR 050), from the timeline as migration 0015 found when:
-- the earliest feedback entry while the delivery was open, by the company's own account or one of its
-- members (an admin's entry does not count). Feedback recorded before there were members named the
-- company's account, which is also the fallback when the entry is gone.
UPDATE "lead_deliveries" d SET "first_feedback_by" = coalesce((
  SELECT a."performed_by" FROM "lead_activities" a
  WHERE a."lead_id" = d."lead_id" AND a."activity_type" = 'client_feedback_submitted'
    AND a."created_at" >= d."delivered_at" AND (d."ended_at" IS NULL OR a."created_at" < d."ended_at")
    AND (a."performed_by" = d."client_id" OR EXISTS (
      SELECT 1 FROM "client_members" m WHERE m."user_id" = a."performed_by" AND m."company_id" = d."client_id"))
  ORDER BY a."created_at" LIMIT 1), d."client_id")
WHERE d."first_feedback_at" IS NOT NULL;

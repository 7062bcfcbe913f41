ALTER TABLE "lead_activities" ALTER COLUMN "description" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "rate_slots" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" DROP COLUMN "window_count";
ALTER TABLE "lead_selections" ADD COLUMN "undo" jsonb;--> statement-breakpoint
ALTER TABLE "lead_selections" ADD COLUMN "undone_at" timestamp with time zone;
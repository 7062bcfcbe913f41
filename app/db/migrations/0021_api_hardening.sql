CREATE TABLE "installation" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owns_legacy_objects" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installation_singleton" CHECK ("installation"."singleton")
);
--> statement-breakpoint
ALTER TABLE "lead_activities" ALTER COLUMN "description" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "rate_slots" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" DROP COLUMN "window_count";
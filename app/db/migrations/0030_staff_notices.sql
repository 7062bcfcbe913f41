CREATE TABLE "feedback_digests" (
	"day" date PRIMARY KEY NOT NULL,
	"through" timestamp with time zone NOT NULL,
	"entries" integer NOT NULL,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "feedback_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "webhook_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "lead_activities_feedback_created_idx" ON "lead_activities" USING btree ("created_at") WHERE activity_type = 'client_feedback_submitted';
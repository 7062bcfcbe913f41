ALTER TABLE "notification_settings" ADD COLUMN "sms_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "sms_code_hash" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "sms_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "sms_code_attempts" integer DEFAULT 0 NOT NULL;
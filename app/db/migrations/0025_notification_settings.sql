CREATE TYPE "public"."new_leads_mail" AS ENUM('immediate', 'digest', 'none');--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"new_leads" "new_leads_mail" DEFAULT 'immediate' NOT NULL,
	"returns" boolean DEFAULT true NOT NULL,
	"import_reports" boolean DEFAULT true NOT NULL,
	"digest_through" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
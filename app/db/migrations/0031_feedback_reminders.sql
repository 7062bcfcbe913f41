CREATE TABLE "client_company_settings" (
	"company_id" text PRIMARY KEY NOT NULL,
	"reminder_hours" integer DEFAULT 4,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_company_settings_reminder_hours" CHECK ("client_company_settings"."reminder_hours" between 1 and 45)
);
--> statement-breakpoint
CREATE TABLE "lead_reminders" (
	"delivery_id" uuid PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"claimed_by" text,
	"reminded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "lead_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "client_company_settings" ADD CONSTRAINT "client_company_settings_company_id_user_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_company_settings" ADD CONSTRAINT "client_company_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_reminders" ADD CONSTRAINT "lead_reminders_delivery_id_lead_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."lead_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_reminders" ADD CONSTRAINT "lead_reminders_company_id_user_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_reminders" ADD CONSTRAINT "lead_reminders_claimed_by_user_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
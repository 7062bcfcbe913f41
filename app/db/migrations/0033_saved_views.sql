CREATE TABLE "saved_lead_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" varchar(40) NOT NULL,
	"search" varchar(2000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_lead_views" ADD CONSTRAINT "saved_lead_views_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_lead_views_user_name_idx" ON "saved_lead_views" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "leads_awaiting_feedback_idx" ON "leads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "leads"."assigned_to_client_id" is not null and "leads"."client_feedback_status" = 'not_reviewed';
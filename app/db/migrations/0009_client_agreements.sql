CREATE TABLE "client_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"version" integer NOT NULL,
	"leads_per_month" integer NOT NULL,
	"starts_on" date NOT NULL,
	"price_per_lead" numeric(11, 2) NOT NULL,
	"return_window_days" integer DEFAULT 7 NOT NULL,
	"return_cap_percent" integer DEFAULT 20 NOT NULL,
	"target_markets" text DEFAULT '' NOT NULL,
	"buy_box" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_agreements" ADD CONSTRAINT "client_agreements_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_agreements" ADD CONSTRAINT "client_agreements_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_agreements_client_version_idx" ON "client_agreements" USING btree ("client_id","version");
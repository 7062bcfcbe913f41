-- Lead sources become a table the agency owns (ADR 057): the built-in sources of app/db/enums.ts are its first
-- rows, and every column that named the enum now names a row by its key.
CREATE TABLE "lead_sources" (
	"key" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_sources_key_format" CHECK ("key" ~ '^[a-z0-9][a-z0-9_]{0,39}$'),
	CONSTRAINT "lead_sources_label_length" CHECK (char_length("label") BETWEEN 1 AND 60)
);
--> statement-breakpoint
INSERT INTO "lead_sources" ("key", "label", "position", "built_in") VALUES
	('cold_call', 'Cold Call', 1, true),
	('direct_mail', 'Direct Mail', 2, true),
	('referral', 'Referral', 3, true),
	('networking', 'Networking', 4, true),
	('online', 'Online', 5, true),
	('drive_for_dollars', 'Driving for Dollars', 6, true),
	('bandit_signs', 'Bandit Signs', 7, true),
	('other', 'Other', 8, true);
--> statement-breakpoint
-- A column named in a trigger's UPDATE OF or WHEN cannot change type: the trigger goes and comes back.
DROP TRIGGER "leads_sync_delivery_facts" ON "leads";--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "lead_source" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "lead_source" SET DATA TYPE text USING "lead_source"::text;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "lead_source" SET DEFAULT 'cold_call';--> statement-breakpoint
ALTER TABLE "lead_deliveries" ALTER COLUMN "lead_source" SET DATA TYPE text USING "lead_source"::text;--> statement-breakpoint
ALTER TABLE "routing_sources" ALTER COLUMN "lead_source" SET DATA TYPE text USING "lead_source"::text;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_lead_source_lead_sources_key_fk" FOREIGN KEY ("lead_source") REFERENCES "public"."lead_sources"("key") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_lead_source_lead_sources_key_fk" FOREIGN KEY ("lead_source") REFERENCES "public"."lead_sources"("key") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "routing_sources" ADD CONSTRAINT "routing_sources_lead_source_lead_sources_key_fk" FOREIGN KEY ("lead_source") REFERENCES "public"."lead_sources"("key") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE TRIGGER leads_sync_delivery_facts
  AFTER UPDATE OF lead_source, lead_status, client_feedback_status, not_interested_reason, zip_code, deal_profit
  ON leads FOR EACH ROW
  WHEN (OLD.lead_source IS DISTINCT FROM NEW.lead_source OR OLD.lead_status IS DISTINCT FROM NEW.lead_status
     OR OLD.client_feedback_status IS DISTINCT FROM NEW.client_feedback_status
     OR OLD.not_interested_reason IS DISTINCT FROM NEW.not_interested_reason
     OR OLD.zip_code IS DISTINCT FROM NEW.zip_code OR OLD.deal_profit IS DISTINCT FROM NEW.deal_profit)
  EXECUTE FUNCTION lw_sync_delivery_facts();--> statement-breakpoint
DROP TYPE "public"."lead_source";

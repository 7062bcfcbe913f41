CREATE TYPE "public"."return_reason" AS ENUM('wrong_number', 'not_owner', 'not_motivated', 'already_sold', 'duplicate', 'outside_buy_box', 'other');--> statement-breakpoint
CREATE TYPE "public"."return_state" AS ENUM('requested', 'approved', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."activity_type" ADD VALUE 'return_requested';--> statement-breakpoint
ALTER TYPE "public"."activity_type" ADD VALUE 'return_approved';--> statement-breakpoint
ALTER TYPE "public"."activity_type" ADD VALUE 'return_rejected';--> statement-breakpoint
CREATE TABLE "lead_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"reason" "return_reason" NOT NULL,
	"note" varchar(1000),
	"state" "return_state" DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decision_note" varchar(1000)
);
--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_returns" ADD CONSTRAINT "lead_returns_delivery_id_lead_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."lead_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_returns" ADD CONSTRAINT "lead_returns_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_returns" ADD CONSTRAINT "lead_returns_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_returns" ADD CONSTRAINT "lead_returns_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_deliveries_client_delivered_idx" ON "lead_deliveries" USING btree ("client_id","delivered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_deliveries_open_idx" ON "lead_deliveries" USING btree ("lead_id") WHERE ended_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_returns_delivery_idx" ON "lead_returns" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "lead_returns_queue_idx" ON "lead_returns" USING btree ("state","requested_at");--> statement-breakpoint
CREATE INDEX "lead_returns_client_idx" ON "lead_returns" USING btree ("client_id","requested_at");--> statement-breakpoint
-- Written by hand (schema.ts, leadDeliveries): deliveries are kept by the database itself, so every way
-- of assigning a lead opens and ends them.
CREATE FUNCTION lw_track_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.assigned_to_client_id IS NOT DISTINCT FROM OLD.assigned_to_client_id THEN
      RETURN NULL;
    END IF;
    UPDATE lead_deliveries SET ended_at = now() WHERE lead_id = NEW.id AND ended_at IS NULL;
  END IF;
  IF NEW.assigned_to_client_id IS NOT NULL THEN
    INSERT INTO lead_deliveries (lead_id, client_id) VALUES (NEW.id, NEW.assigned_to_client_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER leads_track_delivery AFTER INSERT OR UPDATE OF assigned_to_client_id ON leads
  FOR EACH ROW EXECUTE FUNCTION lw_track_delivery();--> statement-breakpoint
-- Leads already in clients' hands: delivered when last assigned (the timeline says when), else created.
INSERT INTO lead_deliveries (lead_id, client_id, delivered_at)
SELECT l.id, l.assigned_to_client_id,
       coalesce((SELECT max(a.created_at) FROM lead_activities a
                 WHERE a.lead_id = l.id AND a.activity_type = 'lead_assigned'), l.created_at)
FROM leads l WHERE l.assigned_to_client_id IS NOT NULL;

CREATE TABLE "lead_routing" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"client_id" text,
	"reason" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routing_queue" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"enqueued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routing_sources" (
	"lead_source" "lead_source" PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_agreements" ADD COLUMN "daily_pace" integer;--> statement-breakpoint
ALTER TABLE "lead_routing" ADD CONSTRAINT "lead_routing_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_routing" ADD CONSTRAINT "lead_routing_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_sources" ADD CONSTRAINT "routing_sources_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_routing_decided_idx" ON "lead_routing" USING btree ("decided_at");--> statement-breakpoint
-- Every new unassigned lead of a routed source waits for its decision, whichever way it came in. Once per
-- statement: an import's 10,000 rows are one insert into the queue.
CREATE FUNCTION lw_queue_for_routing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO routing_queue (lead_id)
  SELECT n.id FROM new_rows n
  JOIN routing_sources s ON s.lead_source = n.lead_source AND s.enabled
  WHERE n.assigned_to_client_id IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER leads_queue_for_routing AFTER INSERT ON leads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lw_queue_for_routing();

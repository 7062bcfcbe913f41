CREATE TABLE "routing_wakeups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cause" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_routing" ADD COLUMN "held_for" text;--> statement-breakpoint
ALTER TABLE "lead_routing" ADD COLUMN "retry_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lead_routing_retry_idx" ON "lead_routing" USING btree ("retry_after") WHERE retry_after is not null;--> statement-breakpoint
-- Written by hand (schema.ts, routingWakeups): saving an agreement or approving a return may give a
-- client room, so the leads held for want of it are decided again. Once per statement.
CREATE FUNCTION lw_wake_routing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'client_agreements' THEN
    INSERT INTO routing_wakeups (cause) VALUES ('agreement');
  ELSIF EXISTS (SELECT 1 FROM new_rows WHERE state = 'approved') THEN
    INSERT INTO routing_wakeups (cause) VALUES ('return');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER client_agreements_wake_routing AFTER INSERT ON client_agreements
  FOR EACH STATEMENT EXECUTE FUNCTION lw_wake_routing();--> statement-breakpoint
CREATE TRIGGER lead_returns_wake_routing AFTER UPDATE ON lead_returns
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lw_wake_routing();--> statement-breakpoint
-- Holds decided before this migration: what they wait for, read from their reason, and one more look.
UPDATE lead_routing SET
  held_for = CASE
    WHEN reason LIKE 'Held for review: maybe the same seller%' THEN 'duplicate'
    WHEN reason LIKE 'Held for review: no client has%' THEN 'no_client'
    WHEN reason LIKE '%no room this month or today' THEN 'no_room'
    ELSE 'no_fit' END,
  retry_after = CASE WHEN reason LIKE 'Held for review: maybe the same seller%' THEN NULL ELSE now() END
WHERE outcome = 'held';

CREATE TABLE "insight_counts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"section" text NOT NULL,
	"a" text,
	"b" text,
	"n" integer NOT NULL,
	"profit" numeric(14, 2),
	"merged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
DROP INDEX "lead_deliveries_client_delivered_idx";--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "lead_source" "lead_source";--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "lead_status" "lead_status";--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "client_feedback_status" "client_feedback_status";--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "not_interested_reason" "not_interested_reason";--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "zip_code" varchar(10);--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "deal_profit" numeric(11, 2);--> statement-breakpoint
CREATE INDEX "insight_counts_day_idx" ON "insight_counts" USING btree ("day","section");--> statement-breakpoint
CREATE INDEX "insight_counts_unmerged_idx" ON "insight_counts" USING btree ("day") WHERE not merged;--> statement-breakpoint
CREATE INDEX "lead_deliveries_lead_idx" ON "lead_deliveries" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lead_deliveries_client_delivered_idx" ON "lead_deliveries" USING btree ("client_id","delivered_at","first_feedback_at");--> statement-breakpoint
-- Hand-written (ADR 030). A delivery carries the facts of its lead the insights count: copied when the
-- delivery is made, and again whenever the lead's change.
CREATE FUNCTION lw_delivery_lead_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The assignment trigger passes them (a lead's status is never null); any other insert is looked up.
  IF NEW.lead_status IS NULL THEN
    SELECT l.lead_source, l.lead_status, l.client_feedback_status, l.not_interested_reason, l.zip_code,
           l.deal_profit
    INTO NEW.lead_source, NEW.lead_status, NEW.client_feedback_status, NEW.not_interested_reason,
         NEW.zip_code, NEW.deal_profit
    FROM leads l WHERE l.id = NEW.lead_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Migration 0010's assignment trigger, now handing the new delivery its lead's facts.
CREATE OR REPLACE FUNCTION lw_track_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.assigned_to_client_id IS NOT DISTINCT FROM OLD.assigned_to_client_id THEN
      RETURN NULL;
    END IF;
    UPDATE lead_deliveries SET ended_at = now() WHERE lead_id = NEW.id AND ended_at IS NULL;
  END IF;
  IF NEW.assigned_to_client_id IS NOT NULL THEN
    INSERT INTO lead_deliveries (lead_id, client_id, lead_source, lead_status, client_feedback_status,
                                 not_interested_reason, zip_code, deal_profit)
    VALUES (NEW.id, NEW.assigned_to_client_id, NEW.lead_source, NEW.lead_status,
            NEW.client_feedback_status, NEW.not_interested_reason, NEW.zip_code, NEW.deal_profit);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lead_deliveries_lead_facts BEFORE INSERT ON lead_deliveries
  FOR EACH ROW EXECUTE FUNCTION lw_delivery_lead_facts();--> statement-breakpoint
CREATE FUNCTION lw_sync_delivery_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lead_deliveries SET lead_source = NEW.lead_source, lead_status = NEW.lead_status,
    client_feedback_status = NEW.client_feedback_status, not_interested_reason = NEW.not_interested_reason,
    zip_code = NEW.zip_code, deal_profit = NEW.deal_profit
  WHERE lead_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER leads_sync_delivery_facts
  AFTER UPDATE OF lead_source, lead_status, client_feedback_status, not_interested_reason, zip_code, deal_profit
  ON leads FOR EACH ROW
  WHEN (OLD.lead_source IS DISTINCT FROM NEW.lead_source OR OLD.lead_status IS DISTINCT FROM NEW.lead_status
     OR OLD.client_feedback_status IS DISTINCT FROM NEW.client_feedback_status
     OR OLD.not_interested_reason IS DISTINCT FROM NEW.not_interested_reason
     OR OLD.zip_code IS DISTINCT FROM NEW.zip_code OR OLD.deal_profit IS DISTINCT FROM NEW.deal_profit)
  EXECUTE FUNCTION lw_sync_delivery_facts();--> statement-breakpoint
-- What one delivery adds to the agency's figures of its UTC day (times sign: -1 takes it back). Every
-- delivery counts per week and source; the rest only while the lead is still in that client's hands.
CREATE FUNCTION lw_delivery_insight_rows(d lead_deliveries, sign integer)
RETURNS TABLE (day date, section text, a text, b text, n integer, profit numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT (d.delivered_at AT TIME ZONE 'UTC')::date, x.section, x.a, x.b, sign, x.profit * sign
  FROM (VALUES
    ('week', d.lead_source::text, NULL::text, NULL::numeric, true),
    ('status', d.lead_status::text, NULL, NULL, d.ended_at IS NULL),
    ('passed', coalesce(d.not_interested_reason::text, 'other'), d.lead_source::text, NULL,
       d.ended_at IS NULL AND d.client_feedback_status = 'not_interested'),
    ('zip', d.zip_code::text, NULL, NULL, d.ended_at IS NULL AND d.client_feedback_status = 'not_interested'),
    ('deal', d.lead_source::text, NULL, coalesce(d.deal_profit, 0),
       d.ended_at IS NULL AND d.client_feedback_status = 'deal_closed')
  ) AS x (section, a, b, profit, counted)
  WHERE x.counted
$$;--> statement-breakpoint
-- Once per statement, over the rows it changed (a bulk assignment of 10,000 leads is one insert of their
-- counts, not 10,000 calls). Insert-only: concurrent writers never wait on one another's counters (the
-- compaction sums them). Three triggers share it: transition tables allow one event per trigger.
CREATE FUNCTION lw_count_delivery_insights() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO insight_counts (day, section, a, b, n, profit)
    SELECT r.* FROM new_rows d, lw_delivery_insight_rows(d, 1) r;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO insight_counts (day, section, a, b, n, profit)
    SELECT r.* FROM old_rows d, lw_delivery_insight_rows(d, -1) r;
  ELSE
    -- Only the rows whose counted facts changed (recording a first feedback changes none).
    INSERT INTO insight_counts (day, section, a, b, n, profit)
    SELECT r.* FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL (SELECT * FROM lw_delivery_insight_rows(o, -1)
               UNION ALL SELECT * FROM lw_delivery_insight_rows(n, 1)) r
    WHERE (o.delivered_at, o.ended_at, o.lead_source, o.lead_status, o.client_feedback_status,
           o.not_interested_reason, o.zip_code, o.deal_profit)
      IS DISTINCT FROM (n.delivered_at, n.ended_at, n.lead_source, n.lead_status, n.client_feedback_status,
           n.not_interested_reason, n.zip_code, n.deal_profit);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The deliveries so far: their leads' facts, and their figures summed per day.
UPDATE lead_deliveries d SET lead_source = l.lead_source, lead_status = l.lead_status,
  client_feedback_status = l.client_feedback_status, not_interested_reason = l.not_interested_reason,
  zip_code = l.zip_code, deal_profit = l.deal_profit
FROM leads l WHERE l.id = d.lead_id;--> statement-breakpoint
INSERT INTO insight_counts (day, section, a, b, n, profit, merged)
SELECT r.day, r.section, r.a, r.b, sum(r.n), sum(r.profit), true
FROM lead_deliveries d, lw_delivery_insight_rows(d, 1) r
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE TRIGGER lead_deliveries_count_inserts AFTER INSERT ON lead_deliveries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lw_count_delivery_insights();--> statement-breakpoint
CREATE TRIGGER lead_deliveries_count_updates AFTER UPDATE ON lead_deliveries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lw_count_delivery_insights();--> statement-breakpoint
CREATE TRIGGER lead_deliveries_count_deletes AFTER DELETE ON lead_deliveries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lw_count_delivery_insights();

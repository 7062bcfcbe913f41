-- How many leads each client has not given feedback on, kept by the deliveries' insight trigger (ADR 030)
-- as a section of its own: 'waiting', keyed by client, counted while a delivery is open and has no first
-- feedback. Undated like 'held' (one fixed day, 2000-01-01), so the compaction keeps one row per client.
-- The admin home's "untouched for 48 h" is this count less the deliveries of the last 48 hours still
-- waiting (a short range of the partial index), instead of counting 135,000 waiting deliveries of a
-- 1,000,000-lead book per view (41 ms).
CREATE OR REPLACE FUNCTION lw_delivery_insight_rows(d lead_deliveries, sign integer)
RETURNS TABLE (day date, section text, a text, b text, n integer, profit numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN x.section IN ('held', 'waiting') THEN DATE '2000-01-01'
              ELSE (d.delivered_at AT TIME ZONE 'UTC')::date END,
         x.section, x.a, x.b, sign, x.profit * sign
  FROM (VALUES
    ('week', d.lead_source::text, NULL::text, NULL::numeric, true),
    ('status', d.lead_status::text, NULL, NULL, d.ended_at IS NULL),
    ('passed', coalesce(d.not_interested_reason::text, 'other'), d.lead_source::text, NULL,
       d.ended_at IS NULL AND d.client_feedback_status = 'not_interested'),
    ('zip', d.zip_code::text, NULL, NULL, d.ended_at IS NULL AND d.client_feedback_status = 'not_interested'),
    ('deal', d.lead_source::text, NULL, coalesce(d.deal_profit, 0),
       d.ended_at IS NULL AND d.client_feedback_status = 'deal_closed'),
    ('held', d.client_id, NULL, NULL, d.ended_at IS NULL),
    ('waiting', d.client_id, NULL, NULL, d.ended_at IS NULL AND d.first_feedback_at IS NULL)
  ) AS x (section, a, b, profit, counted)
  WHERE x.counted
$$;--> statement-breakpoint
-- As migration 0017's, with the first feedback among the counted facts (it ends a delivery's waiting).
CREATE OR REPLACE FUNCTION lw_count_delivery_insights() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO insight_counts (day, section, a, b, n, profit)
    SELECT r.* FROM new_rows d, lw_delivery_insight_rows(d, 1) r;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO insight_counts (day, section, a, b, n, profit)
    SELECT r.* FROM old_rows d, lw_delivery_insight_rows(d, -1) r;
  ELSE
    -- Only the rows whose counted facts changed.
    INSERT INTO insight_counts (day, section, a, b, n, profit)
    SELECT r.* FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL (SELECT * FROM lw_delivery_insight_rows(o, -1)
               UNION ALL SELECT * FROM lw_delivery_insight_rows(n, 1)) r
    WHERE (o.delivered_at, o.ended_at, o.first_feedback_at, o.lead_source, o.lead_status,
           o.client_feedback_status, o.not_interested_reason, o.zip_code, o.deal_profit)
      IS DISTINCT FROM (n.delivered_at, n.ended_at, n.first_feedback_at, n.lead_source, n.lead_status,
           n.client_feedback_status, n.not_interested_reason, n.zip_code, n.deal_profit);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO insight_counts (day, section, a, b, n, profit, merged)
SELECT DATE '2000-01-01', 'waiting', client_id, NULL, count(*), NULL, true
FROM lead_deliveries WHERE ended_at IS NULL AND first_feedback_at IS NULL
GROUP BY client_id;

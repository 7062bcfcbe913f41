ALTER TABLE "lead_deliveries" ADD COLUMN "first_feedback_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: deliveries so far get their first feedback from the timeline (the client's first
-- client_feedback_submitted entry while the lead was theirs).
UPDATE lead_deliveries d SET first_feedback_at = (
  SELECT min(a.created_at) FROM lead_activities a
  WHERE a.lead_id = d.lead_id AND a.activity_type = 'client_feedback_submitted'
    AND a.performed_by = d.client_id AND a.created_at >= d.delivered_at
    AND (d.ended_at IS NULL OR a.created_at < d.ended_at));

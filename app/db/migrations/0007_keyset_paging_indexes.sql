DROP INDEX "leads_created_at_idx";--> statement-breakpoint
DROP INDEX "leads_assigned_created_idx";--> statement-breakpoint
DROP INDEX "leads_status_idx";--> statement-breakpoint
DROP INDEX "leads_motivation_created_idx";--> statement-breakpoint
DROP INDEX "leads_source_created_idx";--> statement-breakpoint
DROP INDEX "leads_created_by_created_idx";--> statement-breakpoint
DROP INDEX "leads_updated_at_idx";--> statement-breakpoint
DROP INDEX "leads_import_created_idx";--> statement-breakpoint
CREATE INDEX "leads_client_feedback_idx" ON "leads" USING btree ("assigned_to_client_id","client_feedback_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_client_motivation_idx" ON "leads" USING btree ("assigned_to_client_id","motivation_level","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_assigned_created_idx" ON "leads" USING btree ("assigned_to_client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("lead_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_motivation_created_idx" ON "leads" USING btree ("motivation_level","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_source_created_idx" ON "leads" USING btree ("lead_source","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_created_by_created_idx" ON "leads" USING btree ("created_by_user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_updated_at_idx" ON "leads" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_import_created_idx" ON "leads" USING btree ("import_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
CREATE INDEX "leads_motivation_created_idx" ON "leads" USING btree ("motivation_level","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_source_created_idx" ON "leads" USING btree ("lead_source","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_created_by_created_idx" ON "leads" USING btree ("created_by_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_updated_at_idx" ON "leads" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_name_idx" ON "leads" USING btree ("last_name","first_name","id");
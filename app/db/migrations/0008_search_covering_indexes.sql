DROP INDEX "leads_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name" || ' ' || "phone" || ' ' || "address" || ' ' || "city")) STORED;--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Written by hand (drizzle-kit knows neither INCLUDE nor column statistics); schema.ts says so beside
-- each index. A term in 1% of a million leads: the planner's default guess for a LIKE on a column without
-- a fine histogram is 0.01% of the rows, so it fetched and sorted all 10,000 matches (70 ms) instead of
-- walking the order's index to the first 50. A 1,000-entry histogram puts its estimate within a few
-- percent (bench/lead-queries.ts).
ALTER TABLE "leads" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
-- The order indexes carry the search text (and the default order every filter's column), so a search
-- walks them to its first page without visiting the table: index-only, 50 matches in a few milliseconds.
DROP INDEX "leads_created_at_idx";--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("search_text","lead_status","motivation_level","lead_source","assigned_to_client_id","created_by_user_id","import_id");--> statement-breakpoint
DROP INDEX "leads_updated_at_idx";--> statement-breakpoint
CREATE INDEX "leads_updated_at_idx" ON "leads" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("search_text");--> statement-breakpoint
DROP INDEX "leads_name_idx";--> statement-breakpoint
CREATE INDEX "leads_name_idx" ON "leads" USING btree ("last_name","first_name","id") INCLUDE ("search_text");--> statement-breakpoint
DROP INDEX "leads_assigned_created_idx";--> statement-breakpoint
CREATE INDEX "leads_assigned_created_idx" ON "leads" USING btree ("assigned_to_client_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("search_text");

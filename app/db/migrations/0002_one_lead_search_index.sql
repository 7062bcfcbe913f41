DROP INDEX "leads_first_name_trgm_idx";--> statement-breakpoint
DROP INDEX "leads_last_name_trgm_idx";--> statement-breakpoint
DROP INDEX "leads_phone_trgm_idx";--> statement-breakpoint
DROP INDEX "leads_address_trgm_idx";--> statement-breakpoint
DROP INDEX "leads_city_trgm_idx";--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin (("first_name" || ' ' || "last_name" || ' ' || "phone" || ' ' || "address" || ' ' || "city") gin_trgm_ops);
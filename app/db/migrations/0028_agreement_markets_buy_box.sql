ALTER TABLE "client_agreements" ADD COLUMN "markets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "client_agreements" ADD COLUMN "market_states" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "client_agreements" ADD COLUMN "market_zips" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "client_agreements" ADD COLUMN "property_types" "property_type"[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_agreements" ADD COLUMN "max_price" numeric(11, 2);
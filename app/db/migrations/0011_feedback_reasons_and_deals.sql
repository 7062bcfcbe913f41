CREATE TYPE "public"."not_interested_reason" AS ENUM('price', 'condition', 'location', 'timing', 'could_not_reach', 'other');--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "not_interested_reason" "not_interested_reason";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deal_purchase_price" numeric(11, 2);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deal_profit" numeric(11, 2);
ALTER TABLE "user" ADD COLUMN "first_signed_in_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: accounts that hold a password before this migration are taken as used (no record tells
-- who signed in before); an invitation never taken up has none, and so gets no lead data until its first
-- sign-in.
UPDATE "user" u SET "first_signed_in_at" = u."created_at"
WHERE EXISTS (SELECT 1 FROM "account" a WHERE a."user_id" = u."id" AND a."provider_id" = 'credential'
                AND a."password" IS NOT NULL);

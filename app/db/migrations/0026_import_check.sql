CREATE TABLE "import_layouts" (
	"signature" text PRIMARY KEY NOT NULL,
	"headers" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_imports" ADD COLUMN "check" jsonb;
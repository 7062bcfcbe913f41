-- The duplicate key as one SQL function (app/db/address-key.ts): a word lookup instead of 40 regular expressions.
CREATE OR REPLACE FUNCTION lw_address_key(address text, zip text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT coalesce(string_agg(word, ' ' ORDER BY n), '') || '|' || left(zip, 5)
  FROM (
    SELECT n, word, lag(word) OVER (ORDER BY n) AS previous
    FROM (
      SELECT t.n, coalesce(w.abbr, t.word) AS word
      FROM unnest(string_to_array(btrim(regexp_replace(
             regexp_replace(lower(address), '#', ' # ', 'g'), '[^a-z0-9#]+', ' ', 'g')), ' '))
           WITH ORDINALITY AS t(word, n)
      LEFT JOIN (VALUES ('apartment', '#'), ('apt', '#'), ('unit', '#'), ('suite', '#'), ('ste', '#'), ('room', '#'), ('rm', '#'), ('lot', '#'), ('space', '#'), ('spc', '#'), ('trailer', '#'), ('trlr', '#'), ('number', '#'), ('num', '#'), ('street', 'st'), ('avenue', 'ave'), ('aven', 'ave'), ('avenu', 'ave'), ('avn', 'ave'), ('avnue', 'ave'), ('av', 'ave'), ('road', 'rd'), ('drive', 'dr'), ('driv', 'dr'), ('drv', 'dr'), ('lane', 'ln'), ('boulevard', 'blvd'), ('boulv', 'blvd'), ('boul', 'blvd'), ('court', 'ct'), ('circle', 'cir'), ('circl', 'cir'), ('circ', 'cir'), ('crcl', 'cir'), ('crcle', 'cir'), ('place', 'pl'), ('terrace', 'ter'), ('parkway', 'pkwy'), ('parkwy', 'pkwy'), ('pkway', 'pkwy'), ('pky', 'pkwy'), ('highway', 'hwy'), ('hiway', 'hwy'), ('hiwy', 'hwy'), ('hway', 'hwy'), ('trail', 'trl'), ('trails', 'trl'), ('trls', 'trl'), ('square', 'sq'), ('sqre', 'sq'), ('sqr', 'sq'), ('squ', 'sq'), ('crossing', 'xing'), ('point', 'pt'), ('cove', 'cv'), ('creek', 'crk'), ('heights', 'hts'), ('ridge', 'rdg'), ('alley', 'aly'), ('allee', 'aly'), ('ally', 'aly'), ('expressway', 'expy'), ('freeway', 'fwy'), ('route', 'rte'), ('plaza', 'plz'), ('center', 'ctr'), ('centre', 'ctr'), ('cntr', 'ctr'), ('cent', 'ctr'), ('northeast', 'ne'), ('northwest', 'nw'), ('southeast', 'se'), ('southwest', 'sw'), ('north', 'n'), ('south', 's'), ('east', 'e'), ('west', 'w')) AS w(word, abbr) ON w.word = t.word
    ) AS mapped
  ) AS tokens
  WHERE NOT (word = '#' AND previous IS NOT DISTINCT FROM '#')
$fn$;--> statement-breakpoint
CREATE TYPE "public"."import_status" AS ENUM('uploading', 'mapping', 'queued', 'running', 'done', 'cancelled', 'failed');--> statement-breakpoint
CREATE TABLE "lead_import_chunks" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "lead_import_chunks_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "lead_import_rejects" (
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"reason" text NOT NULL,
	"duplicate_of" uuid,
	CONSTRAINT "lead_import_rejects_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "lead_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer DEFAULT 0 NOT NULL,
	"sha256" text,
	"delimiter" text DEFAULT ',' NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sample_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"settings" jsonb,
	"status" "import_status" DEFAULT 'uploading' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"leased_by" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "leads" drop column "address_key";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "address_key" text GENERATED ALWAYS AS (lw_address_key("address", "zip_code")) STORED;--> statement-breakpoint
CREATE INDEX "leads_address_key_idx" ON "leads" USING btree ("address_key");--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "lead_import_chunks" ADD CONSTRAINT "lead_import_chunks_import_id_lead_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."lead_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_import_rejects" ADD CONSTRAINT "lead_import_rejects_import_id_lead_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."lead_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_imports" ADD CONSTRAINT "lead_imports_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_imports_created_at_idx" ON "lead_imports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lead_imports_sha256_idx" ON "lead_imports" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "lead_imports_status_idx" ON "lead_imports" USING btree ("status","lease_until");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_import_id_lead_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."lead_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_import_created_idx" ON "leads" USING btree ("import_id","created_at" DESC NULLS LAST);
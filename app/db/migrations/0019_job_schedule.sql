CREATE TABLE "job_schedule" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_by" text,
	"lease_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_ok_at" timestamp with time zone,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL
);

CREATE TABLE "agreement_first_months" (
	"client_id" text NOT NULL,
	"starts_on" date NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"qualified" jsonb NOT NULL,
	"kept_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_first_months_client_id_starts_on_pk" PRIMARY KEY("client_id","starts_on")
);
--> statement-breakpoint
ALTER TABLE "agreement_first_months" ADD CONSTRAINT "agreement_first_months_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
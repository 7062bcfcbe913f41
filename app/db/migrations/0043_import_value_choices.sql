CREATE TABLE "import_value_choices" (
	"field" text NOT NULL,
	"value_key" text NOT NULL,
	"target" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_value_choices_field_value_key_pk" PRIMARY KEY("field","value_key")
);

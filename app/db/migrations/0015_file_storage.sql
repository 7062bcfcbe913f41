ALTER TABLE "stored_files" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key");--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_data_or_storage_key" CHECK (("stored_files"."data" is null) <> ("stored_files"."storage_key" is null));
CREATE TYPE "public"."client_member_role" AS ENUM('owner', 'member');--> statement-breakpoint
ALTER TYPE "public"."activity_type" ADD VALUE 'lead_claimed';--> statement-breakpoint
CREATE TABLE "client_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"role" "client_member_role" DEFAULT 'member' NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "claimed_by_user_id" text;--> statement-breakpoint
ALTER TABLE "client_members" ADD CONSTRAINT "client_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_members" ADD CONSTRAINT "client_members_company_id_user_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_members" ADD CONSTRAINT "client_members_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_members_company_idx" ON "client_members" USING btree ("company_id","user_id");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_claimed_by_user_id_user_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_client_claimed_idx" ON "leads" USING btree ("assigned_to_client_id","claimed_by_user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Written by hand (schema.ts, clientMembers; ADR 037). Every client account so far is a one-person
-- company: its own owner, under its own id, so every record that names it keeps naming the company.
INSERT INTO client_members (user_id, company_id, role, created_at)
SELECT r.user_id, r.user_id, 'owner', r.created_at FROM user_roles r WHERE r.role = 'client'
ON CONFLICT (user_id) DO NOTHING;--> statement-breakpoint
-- Every account that gets the client role (an invitation, the command line, a role granted in the list)
-- becomes a one-person company, unless it already belongs to one (a member invited by their company).
CREATE FUNCTION lw_client_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 'client' THEN
    INSERT INTO client_members (user_id, company_id, role) VALUES (NEW.user_id, NEW.user_id, 'owner')
    ON CONFLICT (user_id) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER user_roles_client_company AFTER INSERT ON user_roles
  FOR EACH ROW EXECUTE FUNCTION lw_client_company();--> statement-breakpoint
-- A lead taken by a member ("mine") is free again as soon as it changes hands, however it moves.
CREATE FUNCTION lw_unclaim_on_reassign() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.assigned_to_client_id IS DISTINCT FROM OLD.assigned_to_client_id THEN
    NEW.claimed_by_user_id := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER leads_unclaim_on_reassign BEFORE UPDATE OF assigned_to_client_id ON leads
  FOR EACH ROW EXECUTE FUNCTION lw_unclaim_on_reassign();

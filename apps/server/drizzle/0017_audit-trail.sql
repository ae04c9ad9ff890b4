CREATE TYPE "public"."owner_action_kind" AS ENUM('status', 'role', 'free-account', 'rank', 'discount-code', 'payment-note', 'payout-decision');--> statement-breakpoint
CREATE TABLE "owner_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "owner_action_kind" NOT NULL,
	"actor_account_id" uuid NOT NULL,
	"actor_email" text NOT NULL,
	"subject_account_id" uuid NOT NULL,
	"target_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "owner_actions_subject_idx" ON "owner_actions" USING btree ("subject_account_id","created_at");--> statement-breakpoint
-- The audit trail is append-only (docs/decisions/owner-console.md): no role, route or cascade may change or remove a row.
CREATE FUNCTION "owner_actions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'owner_actions is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "owner_actions_no_update_delete" BEFORE UPDATE OR DELETE ON "owner_actions"
	FOR EACH ROW EXECUTE FUNCTION "owner_actions_append_only"();--> statement-breakpoint
CREATE TRIGGER "owner_actions_no_truncate" BEFORE TRUNCATE ON "owner_actions"
	FOR EACH STATEMENT EXECUTE FUNCTION "owner_actions_append_only"();

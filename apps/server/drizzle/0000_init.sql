CREATE TYPE "public"."account_role" AS ENUM('standard', 'partner', 'owner');--> statement-breakpoint
CREATE TYPE "public"."account_status" AS ENUM('pending-payment', 'pending-breakdown', 'pending-keys', 'pending-coinbase-account', 'pending-discord', 'pending-tos', 'active', 'deactivated', 'deleted');--> statement-breakpoint
CREATE TYPE "public"."rank_tier" AS ENUM('bronze', 'iron', 'silver', 'gold', 'platinum', 'sapphire', 'emerald', 'ruby', 'diamond', 'hero');--> statement-breakpoint
CREATE TYPE "public"."skill_level" AS ENUM('beginner', 'intermediate', 'expert');--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"status" "account_status" DEFAULT 'pending-payment' NOT NULL,
	"role" "account_role" DEFAULT 'standard' NOT NULL,
	"free_account" boolean DEFAULT false NOT NULL,
	"first_name" text,
	"last_name" text,
	"profile_photo" text,
	"account_rank" "rank_tier" DEFAULT 'bronze' NOT NULL,
	"skill_level" "skill_level",
	"signup_referral_code" text,
	"tos_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identities_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "identity_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "realtime_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"epic_closed_alerts" boolean DEFAULT true NOT NULL,
	"epic_hit_alerts" boolean DEFAULT true NOT NULL,
	"top_mover_alerts" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_status_idx" ON "accounts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "accounts_email_idx" ON "accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_idx" ON "oidc_payloads" USING btree ("expires_at");
CREATE TYPE "public"."partner_ledger_kind" AS ENUM('commission', 'commission-reversal', 'payout', 'payout-release');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('requested', 'approved', 'paid', 'rejected');--> statement-breakpoint
CREATE TABLE "partner_ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"kind" "partner_ledger_kind" NOT NULL,
	"source_id" uuid NOT NULL,
	"referred_account_id" uuid,
	"amount" numeric(38, 18) NOT NULL,
	"received" numeric(38, 18),
	"rate" numeric(38, 18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"address" text NOT NULL,
	"status" "payout_status" DEFAULT 'requested' NOT NULL,
	"tx_hash" text,
	"rejection_reason" text,
	"decided_by_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	CONSTRAINT "partner_payouts_amount_positive" CHECK ("partner_payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "partner_referrals" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_codes" ADD COLUMN "display_code" text;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD COLUMN "clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_ledger_entries" ADD CONSTRAINT "partner_ledger_entries_partner_account_id_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payouts" ADD CONSTRAINT "partner_payouts_partner_account_id_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payouts" ADD CONSTRAINT "partner_payouts_decided_by_account_id_accounts_id_fk" FOREIGN KEY ("decided_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_referrals" ADD CONSTRAINT "partner_referrals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_referrals" ADD CONSTRAINT "partner_referrals_partner_account_id_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_ledger_source_kind_idx" ON "partner_ledger_entries" USING btree ("source_id","kind");--> statement-breakpoint
CREATE INDEX "partner_ledger_partner_idx" ON "partner_ledger_entries" USING btree ("partner_account_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_payouts_partner_idx" ON "partner_payouts" USING btree ("partner_account_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_payouts_status_idx" ON "partner_payouts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "partner_referrals_partner_idx" ON "partner_referrals" USING btree ("partner_account_id","code");--> statement-breakpoint
CREATE INDEX "referral_codes_partner_idx" ON "referral_codes" USING btree ("partner_account_id");
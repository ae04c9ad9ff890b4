CREATE TYPE "public"."cancellation_reason" AS ENUM('too-expensive', 'lack-of-usage', 'technical-issues', 'poor-user-experience', 'customer-support-issues', 'switching-to-competitor', 'payment-issues', 'security-or-privacy-concerns');--> statement-breakpoint
CREATE TYPE "public"."discount_code" AS ENUM('PrimordiumSpecial', 'BetaTesterSpecial', 'LaunchSpecial', 'PartnerReferral', 'AcademyReferral');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'posted', 'paid', 'past-due', 'expired');--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"account_id" text NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"paid_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"exception" text,
	"redirect_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_accounts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"discount_code" "discount_code",
	"billing_started_at" timestamp with time zone,
	"next_cycle" integer DEFAULT 1 NOT NULL,
	"next_cycle_at" timestamp with time zone,
	"last_cycle_start" timestamp with time zone,
	"deactivated_by" text,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" "cancellation_reason",
	"cancellation_comment" text,
	"access_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_charge_id" text NOT NULL,
	"hosted_url" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"amount_received" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"exception" text,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"provider_charge_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"cycle" integer NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"discount_code" "discount_code",
	"original_price" numeric(38, 18) NOT NULL,
	"base_price" numeric(38, 18) NOT NULL,
	"usage_volume" numeric(38, 18) NOT NULL,
	"usage_fee" numeric(38, 18) NOT NULL,
	"amount_due" numeric(38, 18) NOT NULL,
	"amount_paid" numeric(38, 18) DEFAULT '0' NOT NULL,
	"cycle_start" timestamp with time zone NOT NULL,
	"cycle_end" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"current_charge_id" uuid,
	"charge_hosted_url" text,
	"charge_exp_date" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"discount_code" "discount_code" NOT NULL,
	"partner_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_partner_account_id_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_accounts_next_cycle_idx" ON "billing_accounts" USING btree ("next_cycle_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_charges_provider_id_idx" ON "payment_charges" USING btree ("provider","provider_charge_id");--> statement-breakpoint
CREATE INDEX "payment_charges_payment_idx" ON "payment_charges" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_charges_open_idx" ON "payment_charges" USING btree ("expires_at") WHERE "payment_charges"."status" in ('new', 'processing');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_account_cycle_idx" ON "payments" USING btree ("account_id","cycle");--> statement-breakpoint
CREATE INDEX "payments_account_created_idx" ON "payments" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_due_idx" ON "payments" USING btree ("due_at") WHERE "payments"."status" = 'pending';
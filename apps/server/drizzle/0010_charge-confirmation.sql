CREATE TABLE "payment_audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"charge_id" uuid,
	"kind" text NOT NULL,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_charges" ADD COLUMN "amount_confirmed" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD COLUMN "mark" text;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD COLUMN "monitoring_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_confirming" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_audit_entries" ADD CONSTRAINT "payment_audit_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_audit_entries" ADD CONSTRAINT "payment_audit_entries_charge_id_payment_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."payment_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_audit_entries_payment_idx" ON "payment_audit_entries" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_charges_watched_idx" ON "payment_charges" USING btree ("monitoring_until") WHERE "payment_charges"."status" = 'expired';--> statement-breakpoint
-- Charges booked before this migration were booked as confirmed; keep them so, and watch them BTCPay's default day.
UPDATE "payment_charges" SET "amount_confirmed" = "amount_received" WHERE "status" IN ('settled', 'expired');--> statement-breakpoint
UPDATE "payment_charges" SET "monitoring_until" = "expires_at" + interval '1 day';

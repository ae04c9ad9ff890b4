CREATE TYPE "public"."support_ticket_status" AS ENUM('open', 'answered', 'closed');--> statement-breakpoint
CREATE TYPE "public"."support_topic" AS ENUM('account', 'billing', 'epics', 'exchange-keys', 'partners', 'other');--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"email" text NOT NULL,
	"name" text,
	"topic" "support_topic" NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" "support_ticket_status" DEFAULT 'open' NOT NULL,
	"sender_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_tickets_sender_created_idx" ON "support_tickets" USING btree ("sender_hash","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_account_idx" ON "support_tickets" USING btree ("account_id");
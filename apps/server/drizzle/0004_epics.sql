CREATE TYPE "public"."epic_status" AS ENUM('pending', 'active', 'processing', 'hit', 'cancelling', 'cancelled', 'liquidating', 'liquidated', 'closed', 'delisted', 'warning', 'error');--> statement-breakpoint
CREATE TABLE "engine_fill_cursors" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"fills_since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epic_fills" (
	"trade_id" text PRIMARY KEY NOT NULL,
	"epic_id" uuid NOT NULL,
	"client_order_id" text NOT NULL,
	"exchange_order_id" text NOT NULL,
	"side" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"size" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"liquidity" text NOT NULL,
	"filled_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epic_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"epic_id" uuid NOT NULL,
	"client_order_id" text NOT NULL,
	"exchange_order_id" text,
	"purpose" text NOT NULL,
	"level" integer NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"base_size" numeric(38, 18),
	"quote_size" numeric(38, 18),
	"limit_price" numeric(38, 18),
	"post_only" text DEFAULT 'false' NOT NULL,
	"status" text DEFAULT 'intent' NOT NULL,
	"filled_size" numeric(38, 18) DEFAULT '0' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"coin_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"status" "epic_status" DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"inputs" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"position" jsonb,
	"budget" numeric(38, 18) NOT NULL,
	"dca_levels" integer NOT NULL,
	"active_dca_level" integer DEFAULT 0 NOT NULL,
	"avg_buy_rate" numeric(38, 18),
	"profits_dollar_amount" numeric(38, 18),
	"volume" numeric(38, 18) DEFAULT '0' NOT NULL,
	"retry_at" timestamp with time zone,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "engine_fill_cursors" ADD CONSTRAINT "engine_fill_cursors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epic_fills" ADD CONSTRAINT "epic_fills_epic_id_epics_id_fk" FOREIGN KEY ("epic_id") REFERENCES "public"."epics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epic_orders" ADD CONSTRAINT "epic_orders_epic_id_epics_id_fk" FOREIGN KEY ("epic_id") REFERENCES "public"."epics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epics" ADD CONSTRAINT "epics_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epics" ADD CONSTRAINT "epics_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "epic_fills_epic_idx" ON "epic_fills" USING btree ("epic_id","filled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "epic_orders_client_order_id_idx" ON "epic_orders" USING btree ("client_order_id");--> statement-breakpoint
CREATE INDEX "epic_orders_epic_idx" ON "epic_orders" USING btree ("epic_id");--> statement-breakpoint
CREATE INDEX "epics_account_created_idx" ON "epics" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "epics_account_updated_idx" ON "epics" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "epics_workable_idx" ON "epics" USING btree ("lease_expires_at") WHERE "epics"."status" not in ('closed', 'cancelled', 'liquidated', 'delisted');--> statement-breakpoint
CREATE INDEX "notifications_account_created_idx" ON "notifications" USING btree ("account_id","created_at");
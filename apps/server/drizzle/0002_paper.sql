CREATE TABLE "paper_balances" (
	"portfolio_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"available" numeric(38, 18) NOT NULL,
	"hold" numeric(38, 18) NOT NULL,
	CONSTRAINT "paper_balances_portfolio_id_currency_pk" PRIMARY KEY("portfolio_id","currency")
);
--> statement-breakpoint
CREATE TABLE "paper_fills" (
	"trade_id" uuid PRIMARY KEY NOT NULL,
	"sequence" bigint NOT NULL,
	"order_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"client_order_id" text NOT NULL,
	"product_id" text NOT NULL,
	"side" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"size" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"liquidity" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	CONSTRAINT "paper_fills_sequence_unique" UNIQUE("sequence")
);
--> statement-breakpoint
CREATE TABLE "paper_keys" (
	"key_name" text PRIMARY KEY NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"public_key" text NOT NULL,
	"can_view" boolean NOT NULL,
	"can_trade" boolean NOT NULL,
	"can_transfer" boolean NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_market_products" (
	"product_id" text PRIMARY KEY NOT NULL,
	"seed" bigint NOT NULL,
	"market_time" timestamp with time zone NOT NULL,
	"state" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"client_order_id" text NOT NULL,
	"product_id" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"base_size" numeric(38, 18),
	"quote_size" numeric(38, 18),
	"limit_price" numeric(38, 18),
	"post_only" boolean NOT NULL,
	"filled_size" numeric(38, 18) NOT NULL,
	"filled_value" numeric(38, 18) NOT NULL,
	"total_fees" numeric(38, 18) NOT NULL,
	"hold_currency" text NOT NULL,
	"hold_amount" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "paper_orders_client_order_id_key" UNIQUE("portfolio_id","client_order_id")
);
--> statement-breakpoint
CREATE TABLE "paper_portfolios" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paper_balances" ADD CONSTRAINT "paper_balances_portfolio_id_paper_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."paper_portfolios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_fills" ADD CONSTRAINT "paper_fills_order_id_paper_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."paper_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_fills" ADD CONSTRAINT "paper_fills_portfolio_id_paper_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."paper_portfolios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_keys" ADD CONSTRAINT "paper_keys_portfolio_id_paper_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."paper_portfolios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_orders" ADD CONSTRAINT "paper_orders_portfolio_id_paper_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."paper_portfolios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_fills_portfolio_time_idx" ON "paper_fills" USING btree ("portfolio_id","time");--> statement-breakpoint
CREATE INDEX "paper_orders_status_idx" ON "paper_orders" USING btree ("status");
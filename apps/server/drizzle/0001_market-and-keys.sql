CREATE TYPE "public"."coin_status" AS ENUM('online', 'offline', 'delisted');--> statement-breakpoint
CREATE TABLE "coins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"symbol" text NOT NULL,
	"base_symbol" text NOT NULL,
	"name" text NOT NULL,
	"photo" text NOT NULL,
	"rank" integer,
	"price" numeric NOT NULL,
	"change24h" numeric NOT NULL,
	"volume24h" numeric NOT NULL,
	"status" "coin_status" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coins_symbol_unique" UNIQUE("symbol")
);
--> statement-breakpoint
CREATE TABLE "top_movers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coin_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "top_movers_coinId_unique" UNIQUE("coin_id")
);
--> statement-breakpoint
CREATE TABLE "exchange_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"exchange" text NOT NULL,
	"sealed_credentials" text NOT NULL,
	"key_name_hint" text NOT NULL,
	"can_view" boolean NOT NULL,
	"can_trade" boolean NOT NULL,
	"can_transfer" boolean NOT NULL,
	"portfolio_id" text NOT NULL,
	"portfolio_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_keys_accountId_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "watchlist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"coin_id" uuid NOT NULL,
	"coin_symbol" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_items_account_coin_unique" UNIQUE("account_id","coin_id")
);
--> statement-breakpoint
ALTER TABLE "top_movers" ADD CONSTRAINT "top_movers_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_keys" ADD CONSTRAINT "exchange_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coins_rank_idx" ON "coins" USING btree ("rank");--> statement-breakpoint
CREATE INDEX "coins_base_symbol_idx" ON "coins" USING btree ("base_symbol");--> statement-breakpoint
CREATE INDEX "watchlist_items_account_created_idx" ON "watchlist_items" USING btree ("account_id","created_at");
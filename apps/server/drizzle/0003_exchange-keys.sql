CREATE TABLE "account_paper_portfolios" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"portfolio_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_paper_portfolios" ADD CONSTRAINT "account_paper_portfolios_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
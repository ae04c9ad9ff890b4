CREATE TABLE "paper_market_lease" (
	"id" text PRIMARY KEY NOT NULL,
	"holder" text,
	"expires_at" timestamp with time zone,
	"ledger_revision" bigint DEFAULT 0 NOT NULL,
	"quotes_revision" bigint DEFAULT 0 NOT NULL,
	"snapshot_revision" bigint DEFAULT 0 NOT NULL,
	"quotes" jsonb
);

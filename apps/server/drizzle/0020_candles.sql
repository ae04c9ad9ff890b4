-- Minute candles, one row per product per UTC day, packed and deflated by the server (docs/decisions/candle-store.md).
CREATE TABLE "candle_days" (
	"product_id" text NOT NULL,
	"day" date NOT NULL,
	"minutes" integer NOT NULL,
	"data" bytea NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candle_days_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
-- Already deflated: keep it out of line but do not compress it a second time.
ALTER TABLE "candle_days" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE TABLE "candle_fills" (
	"product_id" text PRIMARY KEY NOT NULL,
	"held_from" timestamp with time zone NOT NULL,
	"held_to" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

-- Each ended epic's figures, frozen from its fills when it ends, and the buy cost of those epics per UTC day and
-- quarter hour, so the stats report sums ~one row per ended epic and per day instead of every fill
-- (docs/decisions/stats-summaries.md). Unbounded numeric: Σ price × size carries up to 36 decimal places.
CREATE TABLE "epic_summaries" (
	"epic_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"coin_id" uuid NOT NULL,
	"status" "epic_status" NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"bought" numeric NOT NULL,
	"buy_fees" numeric NOT NULL,
	"buy_base" numeric NOT NULL,
	"sold" numeric NOT NULL,
	"sell_fees" numeric NOT NULL,
	"sell_base" numeric NOT NULL,
	"capital_used" numeric NOT NULL,
	"realised" numeric NOT NULL,
	"fills" integer NOT NULL,
	"first_fill_at" timestamp with time zone,
	"last_fill_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "epic_buy_days" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"before" numeric[] NOT NULL,
	CONSTRAINT "epic_buy_days_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
ALTER TABLE "epic_summaries" ADD CONSTRAINT "epic_summaries_epic_id_epics_id_fk" FOREIGN KEY ("epic_id") REFERENCES "public"."epics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epic_summaries" ADD CONSTRAINT "epic_summaries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epic_summaries" ADD CONSTRAINT "epic_summaries_coin_id_coins_id_fk" FOREIGN KEY ("coin_id") REFERENCES "public"."coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epic_buy_days" ADD CONSTRAINT "epic_buy_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "epic_summaries_account_closed_idx" ON "epic_summaries" USING btree ("account_id","closed_at");--> statement-breakpoint
-- Backfill: every epic already in history, from its fills. The same statements as
-- apps/server/src/modules/stats/epic-summaries.ts (CAPITAL_USED and REALISED of stats.queries.ts written out);
-- epic-summaries.test.ts runs these two against the code's own and compares.
INSERT INTO "epic_summaries" ("epic_id", "account_id", "coin_id", "status", "opened_at", "closed_at", "bought",
	"buy_fees", "buy_base", "sold", "sell_fees", "sell_base", "capital_used", "realised", "fills", "first_fill_at",
	"last_fill_at")
SELECT id, account_id, coin_id, status, created_at, closed_at, buy_value, buy_fees, buy_base, sell_value, sell_fees,
	sell_base, capital_used, round(floor((sell_value - sell_fees - capital_used) * 100) / 100, 2), fills,
	first_fill_at, last_fill_at
FROM (
	SELECT p.*, CASE WHEN status IN ('closed', 'liquidated') THEN buy_value + buy_fees
			WHEN buy_base > 0 THEN (buy_value + buy_fees) * sell_base / buy_base
			ELSE 0 END AS capital_used
	FROM (
		SELECT e.id, e.account_id, e.coin_id, e.status, e.created_at, e.closed_at,
			coalesce(sum(f.price * f.size) FILTER (WHERE f.side = 'buy'), 0) AS buy_value,
			coalesce(sum(f.fee) FILTER (WHERE f.side = 'buy'), 0) AS buy_fees,
			coalesce(sum(f.size) FILTER (WHERE f.side = 'buy'), 0) AS buy_base,
			coalesce(sum(f.price * f.size) FILTER (WHERE f.side = 'sell'), 0) AS sell_value,
			coalesce(sum(f.fee) FILTER (WHERE f.side = 'sell'), 0) AS sell_fees,
			coalesce(sum(f.size) FILTER (WHERE f.side = 'sell'), 0) AS sell_base,
			count(f.trade_id)::int AS fills, min(f.filled_at) AS first_fill_at, max(f.filled_at) AS last_fill_at
		FROM epics e LEFT JOIN epic_fills f ON f.epic_id = e.id
		WHERE e.status IN ('closed', 'cancelled', 'liquidated', 'delisted') AND e.closed_at IS NOT NULL
		GROUP BY e.id
	) p
) c
ON CONFLICT ("epic_id") DO NOTHING;--> statement-breakpoint
WITH buys AS (
	SELECT e.account_id, (f.filled_at AT TIME ZONE 'UTC')::date AS day,
		floor(extract(epoch FROM (f.filled_at AT TIME ZONE 'UTC')::time) / 900)::int AS quarter,
		sum(f.price * f.size + f.fee) AS cost
	FROM epic_summaries s JOIN epics e ON e.id = s.epic_id JOIN epic_fills f ON f.epic_id = e.id
	WHERE f.side = 'buy' AND f.filled_at <= e.closed_at
	GROUP BY 1, 2, 3
),
grid AS (
	SELECT d.account_id, d.day, q.k,
		sum(coalesce(b.cost, 0)) OVER (PARTITION BY d.account_id, d.day ORDER BY q.k) AS upto
	FROM (SELECT DISTINCT account_id, day FROM buys) d CROSS JOIN generate_series(0, 95) q(k)
	LEFT JOIN buys b ON b.account_id = d.account_id AND b.day = d.day AND b.quarter = q.k
)
INSERT INTO "epic_buy_days" ("account_id", "day", "before")
SELECT account_id, day, ARRAY[0::numeric] || array_agg(upto ORDER BY k) FROM grid GROUP BY account_id, day
ORDER BY account_id, day
ON CONFLICT ("account_id", "day") DO UPDATE SET "before" = ARRAY(
	SELECT x + y FROM unnest("epic_buy_days"."before", excluded."before") WITH ORDINALITY AS u(x, y, i) ORDER BY i);

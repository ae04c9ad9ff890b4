CREATE TABLE "leaderboard_preferences" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"opted_in" boolean DEFAULT false NOT NULL,
	"show_dollars" boolean DEFAULT false NOT NULL,
	"display_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_reports" (
	"account_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"time_zone" text NOT NULL,
	"realised" numeric NOT NULL,
	"notification_id" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_reports_account_id_local_date_pk" PRIMARY KEY("account_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "report_preferences" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"stats_report_alerts" boolean DEFAULT true NOT NULL,
	"report_time" time DEFAULT '09:00' NOT NULL,
	"time_zone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leaderboard_preferences" ADD CONSTRAINT "leaderboard_preferences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_reports" ADD CONSTRAINT "daily_reports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_reports" ADD CONSTRAINT "daily_reports_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_preferences" ADD CONSTRAINT "report_preferences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_preferences_opted_in_idx" ON "leaderboard_preferences" USING btree ("account_id") WHERE opted_in;
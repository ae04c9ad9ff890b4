CREATE TABLE "academy_progress" (
	"account_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"quiz_passed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academy_progress_account_id_slug_pk" PRIMARY KEY("account_id","slug")
);
--> statement-breakpoint
ALTER TABLE "academy_progress" ADD CONSTRAINT "academy_progress_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
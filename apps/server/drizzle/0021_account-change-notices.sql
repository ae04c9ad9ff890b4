-- Every committed change to an account row is announced on cdca_account_changed, so each API process drops its cached
-- copy of the row (docs/decisions/account-access.md). A trigger, not the application, sends it: a write from any
-- process, a fixture or an operator's psql is announced all the same, and NOTIFY is delivered only at commit.
-- Payload: "<txid> <id> <user_id>" (the txid lets the writing process match the notice to its own write; the user id
-- last, as it is the provider's text), or "*" when the table is truncated.
CREATE FUNCTION "accounts_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed "accounts";
BEGIN
	IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
	PERFORM pg_notify('cdca_account_changed', txid_current()::text || ' ' || changed."id"::text || ' ' || changed."user_id");
	IF TG_OP = 'UPDATE' AND OLD."user_id" IS DISTINCT FROM NEW."user_id" THEN
		PERFORM pg_notify('cdca_account_changed', txid_current()::text || ' ' || OLD."id"::text || ' ' || OLD."user_id");
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "accounts"
	FOR EACH ROW EXECUTE FUNCTION "accounts_announce_change"();--> statement-breakpoint
CREATE FUNCTION "accounts_announce_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('cdca_account_changed', '*');
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_announce_truncate" AFTER TRUNCATE ON "accounts"
	FOR EACH STATEMENT EXECUTE FUNCTION "accounts_announce_truncate"();

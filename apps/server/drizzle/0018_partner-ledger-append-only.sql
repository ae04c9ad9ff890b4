-- The partner commission ledger is append-only (docs/decisions/partner-programme.md): a correction is a counter-entry,
-- never an edit, so every balance stays traceable to paid payments and payouts.
CREATE FUNCTION "partner_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'partner_ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "partner_ledger_no_update_delete" BEFORE UPDATE OR DELETE ON "partner_ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "partner_ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "partner_ledger_no_truncate" BEFORE TRUNCATE ON "partner_ledger_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "partner_ledger_append_only"();

ALTER TABLE "requests" ADD COLUMN "institution_sort_name" text;--> statement-breakpoint
-- The request list's `ordering=institution` key: the request's institution's name, kept here as
-- the cohort key of migration 0023 is. A request may have no institution, so the list cannot join
-- institutions inner and walk their name index; it walks this one instead (issue 15).
CREATE FUNCTION "requests_set_institution_sort_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.institution_sort_name := (SELECT i.name FROM institutions i WHERE i.id = NEW.institution_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "requests_institution_sort_name" BEFORE INSERT OR UPDATE OF "institution_id" ON "requests"
  FOR EACH ROW EXECUTE FUNCTION "requests_set_institution_sort_name"();--> statement-breakpoint
-- A renamed institution moves its requests: touching institution_id runs the trigger above.
CREATE FUNCTION "institutions_rename_request_sort_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests SET institution_id = institution_id WHERE institution_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "institutions_request_sort_names" AFTER UPDATE OF "name" ON "institutions"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION "institutions_rename_request_sort_names"();--> statement-breakpoint
UPDATE "requests" SET "institution_id" = "institution_id" WHERE "institution_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "requests_institution_sort_idx" ON "requests" USING btree ("institution_sort_name","id");--> statement-breakpoint
CREATE INDEX "requests_type_id_idx" ON "requests" USING btree ("type_id","id");

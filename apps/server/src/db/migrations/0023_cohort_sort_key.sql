ALTER TABLE "requests" ADD COLUMN "cohort_sort_name" text;--> statement-breakpoint
-- The request list's `ordering=cohort` key: the first name among the request's cohorts. Kept here,
-- beside the data it derives from, so that every writer (the API, the seeds, the data generator's
-- COPY) gets it right without knowing it exists (issue 15).
CREATE FUNCTION "requests_set_cohort_sort_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.cohort_sort_name := (SELECT min(c.name) FROM cohorts c WHERE c.id = ANY (NEW.cohort_ids));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "requests_cohort_sort_name" BEFORE INSERT OR UPDATE OF "cohort_ids" ON "requests"
  FOR EACH ROW EXECUTE FUNCTION "requests_set_cohort_sort_name"();--> statement-breakpoint
-- A renamed cohort moves its requests: touching cohort_ids runs the trigger above for each.
CREATE FUNCTION "cohorts_rename_request_sort_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE requests SET cohort_ids = cohort_ids WHERE NEW.id = ANY (cohort_ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cohorts_request_sort_names" AFTER UPDATE OF "name" ON "cohorts"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION "cohorts_rename_request_sort_names"();--> statement-breakpoint
UPDATE "requests" SET "cohort_ids" = "cohort_ids" WHERE "cohort_ids" <> '{}';--> statement-breakpoint
CREATE INDEX "requests_cohort_sort_idx" ON "requests" USING btree ("cohort_sort_name","id");

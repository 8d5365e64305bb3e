-- The reviewer assistant keeps the reviewer pool's load and the workload pages per instance
-- (modules/reviewer-assistant/reviewer-load-cache.ts) and LISTENs on this channel: any write to
-- what they are computed from (issue 33) NOTIFYs it, from whichever instance, CLI or SQL session,
-- and is heard at the commit. One notification per statement; the payload is not read.
CREATE FUNCTION "notify_reviewer_load_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rrp_reviewer_load', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reviews_reviewer_load_changed" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reviewer_load_changed"();--> statement-breakpoint
CREATE TRIGGER "tissue_reviews_reviewer_load_changed" AFTER INSERT OR UPDATE OR DELETE ON "tissue_reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reviewer_load_changed"();--> statement-breakpoint
CREATE TRIGGER "request_reviewers_reviewer_load_changed" AFTER INSERT OR UPDATE OR DELETE ON "request_reviewers"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reviewer_load_changed"();--> statement-breakpoint
CREATE TRIGGER "request_status_stays_reviewer_load_changed" AFTER INSERT OR UPDATE OR DELETE ON "request_status_stays"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reviewer_load_changed"();--> statement-breakpoint
CREATE TRIGGER "requests_reviewer_load_changed" AFTER UPDATE OF "status_id", "type_id" OR DELETE ON "requests"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reviewer_load_changed"();--> statement-breakpoint
CREATE TRIGGER "request_summaries_reviewer_load_changed" AFTER INSERT OR UPDATE OF "due_date", "review_cycle" OR DELETE ON "request_summaries"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reviewer_load_changed"();--> statement-breakpoint
CREATE TRIGGER "users_reviewer_load_changed" AFTER UPDATE OF "first_name", "last_name", "email", "is_active" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reviewer_load_changed"();--> statement-breakpoint
CREATE TRIGGER "user_groups_reviewer_load_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reviewer_load_changed"();--> statement-breakpoint
CREATE TRIGGER "groups_reviewer_load_changed" AFTER UPDATE OF "name" OR DELETE ON "groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reviewer_load_changed"();--> statement-breakpoint
CREATE TRIGGER "user_institutions_reviewer_load_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_institutions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reviewer_load_changed"();--> statement-breakpoint
CREATE TRIGGER "institutions_reviewer_load_changed" AFTER UPDATE OF "name" OR DELETE ON "institutions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reviewer_load_changed"();

-- Each instance keeps the request rows it has written as JSON (modules/requests/request-row-cache.ts)
-- and LISTENs on this channel: a write to anything the request page's statement reads NOTIFYs what
-- it changed, from whichever instance, CLI or SQL session, and is heard at the commit (issue 32).
-- The payload names the rows to forget: 'r:<request id>', 'p:<project id>' (every request of the
-- project: a request's flags read its project's other requests and team), or '*' (everything: a
-- name or a lookup that any row may show). The test `request-row-cache.api.test.ts` checks that
-- every table the statement's plan reads has one of these triggers.
CREATE FUNCTION "notify_request_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = '*' THEN
    PERFORM pg_notify('rrp_request_rows', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('rrp_request_rows', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('rrp_request_rows', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "requests_request_rows_changed" AFTER INSERT OR UPDATE OR DELETE ON "requests"
  FOR EACH ROW EXECUTE FUNCTION "notify_request_rows_changed"('p', 'project_id');--> statement-breakpoint
CREATE TRIGGER "projects_request_rows_changed" AFTER UPDATE OR DELETE ON "projects"
  FOR EACH ROW EXECUTE FUNCTION "notify_request_rows_changed"('p', 'id');--> statement-breakpoint
CREATE TRIGGER "research_team_members_request_rows_changed" AFTER INSERT OR UPDATE OR DELETE ON "research_team_members"
  FOR EACH ROW EXECUTE FUNCTION "notify_request_rows_changed"('p', 'project_id');--> statement-breakpoint
CREATE TRIGGER "history_request_rows_changed" AFTER INSERT ON "history"
  FOR EACH ROW WHEN (NEW.model = 'request') EXECUTE FUNCTION "notify_request_rows_changed"('r', 'object_id');--> statement-breakpoint
-- The tables of a request's own rows: each write names its request.
DO $$
DECLARE
  own text;
BEGIN
  FOREACH own IN ARRAY ARRAY['abn_carts', 'abn_orders', 'request_datasets', 'request_members',
    'request_renewals', 'request_reviewers', 'request_samples', 'request_summaries',
    'review_conflicts', 'reviews']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW '
      'EXECUTE FUNCTION "notify_request_rows_changed"(''r'', ''request_id'')',
      own || '_request_rows_changed', own);
  END LOOP;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_request_rows_changed" AFTER INSERT OR UPDATE OF "first_name", "last_name", "email", "is_active" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_request_rows_changed"('*');--> statement-breakpoint
CREATE TRIGGER "institutions_request_rows_changed" AFTER UPDATE OF "name", "current_rda_id" OR DELETE ON "institutions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_request_rows_changed"('*');--> statement-breakpoint
CREATE TRIGGER "user_institutions_request_rows_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_institutions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_request_rows_changed"('*');--> statement-breakpoint
CREATE TRIGGER "files_request_rows_changed" AFTER UPDATE OF "name", "additional_data", "created" OR DELETE ON "files"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_request_rows_changed"('*');--> statement-breakpoint
CREATE TRIGGER "datasets_request_rows_changed" AFTER UPDATE OR DELETE ON "datasets"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_request_rows_changed"('*');--> statement-breakpoint
CREATE TRIGGER "cohorts_request_rows_changed" AFTER UPDATE OR DELETE ON "cohorts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_request_rows_changed"('*');--> statement-breakpoint
CREATE TRIGGER "sample_types_request_rows_changed" AFTER UPDATE OR DELETE ON "sample_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_request_rows_changed"('*');

-- The project read model keeps its rows as the request read model does (modules/projects/
-- project-pages.ts, platform/db/kept-rows.ts): both hear one channel, renamed for what it now
-- carries. A project's row reads what the request rows' triggers of 0035 already name with
-- 'p:<project id>' (the project, its requests' statuses, its team) or '*' (names, institutions,
-- files), and two more writes: its history (the detail's version) and the reviewers of its
-- requests (whether the caller reviews it). The test `project-row-cache.api.test.ts` checks that
-- every table the project statement's plan reads has one of these triggers.
ALTER FUNCTION "notify_request_rows_changed"() RENAME TO "notify_read_rows_changed";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_read_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = '*' THEN
    PERFORM pg_notify('rrp_read_rows', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('rrp_read_rows', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('rrp_read_rows', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "history_project_rows_changed" AFTER INSERT ON "history"
  FOR EACH ROW WHEN (NEW.model = 'project') EXECUTE FUNCTION "notify_read_rows_changed"('p', 'object_id');--> statement-breakpoint
-- A reviewer assigned to (or taken off) a request reviews its project: the row names the request,
-- so the project is read from it (a request deleted with its reviewers names its project itself).
CREATE FUNCTION "notify_reviewed_project_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rrp_read_rows', 'p:' || r.project_id)
    FROM "requests" r
    WHERE r.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.request_id ELSE NEW.request_id END)
      OR (TG_OP = 'UPDATE' AND r.id = OLD.request_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "request_reviewers_project_rows_changed" AFTER INSERT OR UPDATE OR DELETE ON "request_reviewers"
  FOR EACH ROW EXECUTE FUNCTION "notify_reviewed_project_changed"();

-- The reviewer assistant also keeps each request's suggestions (decision 428): what their
-- conflicts are read from NOTIFYs the same channel as the load (migration 0030) — a request's
-- applicant, project, institution and number, research teams, declared conflicts, project titles.
DROP TRIGGER "requests_reviewer_load_changed" ON "requests";--> statement-breakpoint
CREATE TRIGGER "requests_reviewer_load_changed"
  AFTER UPDATE OF "status_id", "type_id", "owner_id", "project_id", "institution_id", "portal_request_id" OR DELETE ON "requests"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reviewer_load_changed"();--> statement-breakpoint
CREATE TRIGGER "research_team_members_reviewer_load_changed" AFTER INSERT OR UPDATE OR DELETE ON "research_team_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reviewer_load_changed"();--> statement-breakpoint
CREATE TRIGGER "review_conflicts_reviewer_load_changed" AFTER INSERT OR UPDATE OR DELETE ON "review_conflicts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reviewer_load_changed"();--> statement-breakpoint
CREATE TRIGGER "projects_reviewer_load_changed" AFTER UPDATE OF "title" OR DELETE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_reviewer_load_changed"();

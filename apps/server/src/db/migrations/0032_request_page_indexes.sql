-- Two subqueries of every request page's rows (statement flags, issue 32): whether the request is
-- its project's first reads (project_id, id) alone, and whether the project's team is ready probes
-- only the active members without an account.
DROP INDEX "requests_project_idx";--> statement-breakpoint
CREATE INDEX "research_team_members_unlinked_idx" ON "research_team_members" USING btree ("project_id") WHERE "research_team_members"."removal_date" is null and "research_team_members"."active" and "research_team_members"."user_id" is null;--> statement-breakpoint
CREATE INDEX "requests_project_idx" ON "requests" USING btree ("project_id","id");
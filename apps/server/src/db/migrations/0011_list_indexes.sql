DROP INDEX "requests_submission_date_idx";--> statement-breakpoint
DROP INDEX "requests_type_idx";--> statement-breakpoint
DROP INDEX "requests_status_idx";--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "institutions_name_idx" ON "institutions" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "requests_submission_date_id_idx" ON "requests" USING btree ("submission_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "requests_status_submission_idx" ON "requests" USING btree ("status_id","submission_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "requests_type_submission_idx" ON "requests" USING btree ("type_id","submission_date" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "requests_decision_date_idx" ON "requests" USING btree ("decision_date");--> statement-breakpoint
CREATE INDEX "requests_created_idx" ON "requests" USING btree ("created");--> statement-breakpoint
CREATE INDEX "requests_modified_idx" ON "requests" USING btree ("modified");--> statement-breakpoint
CREATE INDEX "requests_display_name_idx" ON "requests" USING btree ("display_name","id");--> statement-breakpoint
CREATE INDEX "requests_portal_request_id_trgm" ON "requests" USING gin ("portal_request_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_display_name_trgm" ON "requests" USING gin ("display_name" gin_trgm_ops);
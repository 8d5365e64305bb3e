CREATE TABLE "request_milestones" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "request_status_stays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" uuid,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"item_key" text NOT NULL,
	"recipient_id" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email_log_id" integer
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"after_days" integer NOT NULL,
	"every_days" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" integer,
	CONSTRAINT "reminder_settings_kind_unique" UNIQUE("kind")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_email_opted_in" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "request_milestones" ADD CONSTRAINT "request_milestones_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_status_stays" ADD CONSTRAINT "request_status_stays_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The stays and milestones of the requests already audited, derived from their history
-- (platform/status-stays.ts STAYS_FROM_HISTORY and MILESTONES_FROM_STAYS; a unit test holds them equal).
INSERT INTO request_status_stays (request_id, type_id, status_id, entered_at, left_at, version)
SELECT request_id, type_id, status_id, entered_at,
  lead(entered_at) OVER (PARTITION BY request_id ORDER BY version),
  version
FROM (
  SELECT r.id AS request_id, r.type_id, v.status_id, v.modified AS entered_at, v.version,
    lag(v.status_id) OVER (PARTITION BY r.id ORDER BY v.version) AS previous_status_id
  FROM (
    SELECT object_id, version, modified, (data ->> 'statusId')::integer AS status_id
    FROM history
    WHERE model = 'request' AND action <> 'delete' AND jsonb_typeof(data -> 'statusId') = 'number'
  ) v
  JOIN requests r ON r.id::text = v.object_id
) versions
WHERE previous_status_id IS DISTINCT FROM status_id;--> statement-breakpoint
INSERT INTO request_milestones (request_id, type_id, submitted_at, decided_at, approved_at, fulfilled_at)
SELECT request_id, min(type_id),
  min(entered_at) FILTER (WHERE status_id IN (2)),
  min(entered_at) FILTER (WHERE status_id IN (4, 5, 6, 9, 10, 11, 12)),
  min(entered_at) FILTER (WHERE status_id IN (4, 12)),
  min(entered_at) FILTER (WHERE status_id IN (7))
FROM request_status_stays
GROUP BY request_id;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_email_log_id_email_logs_id_fk" FOREIGN KEY ("email_log_id") REFERENCES "public"."email_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_modified_by_id_users_id_fk" FOREIGN KEY ("modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_milestones_decided_idx" ON "request_milestones" USING btree ("decided_at","type_id","submitted_at");--> statement-breakpoint
CREATE INDEX "request_milestones_fulfilled_idx" ON "request_milestones" USING btree ("fulfilled_at","type_id","approved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "request_status_stays_request_version_key" ON "request_status_stays" USING btree ("request_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "request_status_stays_current_key" ON "request_status_stays" USING btree ("request_id") WHERE "request_status_stays"."left_at" is null;--> statement-breakpoint
CREATE INDEX "request_status_stays_left_idx" ON "request_status_stays" USING btree ("status_id","left_at","type_id","entered_at");--> statement-breakpoint
CREATE INDEX "request_status_stays_open_idx" ON "request_status_stays" USING btree ("status_id","type_id","entered_at") WHERE "request_status_stays"."left_at" is null;--> statement-breakpoint
CREATE INDEX "reminder_sends_item_idx" ON "reminder_sends" USING btree ("kind","item_key","recipient_id","sent_at");--> statement-breakpoint
CREATE INDEX "history_rda_idx" ON "history" USING btree ("modified","object_id") WHERE "history"."model" = 'file' and "history"."data" ->> 'type' = 'rda';--> statement-breakpoint
CREATE INDEX "reviews_modified_idx" ON "reviews" USING btree ("modified");--> statement-breakpoint
-- The planner needs the new tables' statistics at once, not after autovacuum's first pass.
ANALYZE request_status_stays;--> statement-breakpoint
ANALYZE request_milestones;

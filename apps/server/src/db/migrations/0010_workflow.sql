CREATE TABLE "request_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"author_id" integer,
	"text" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_renewals" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"owner_id" integer,
	"status_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"agreed_to_usage_policy" boolean DEFAULT false NOT NULL,
	"additional_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submission_date" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_reviewers" (
	"request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_reviewers_request_id_user_id_pk" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "model_name" text;--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "object_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "attachment_file_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "request_id" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "revocation_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "reviewers_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "zendesk_ticket_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "request_comments" ADD CONSTRAINT "request_comments_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_comments" ADD CONSTRAINT "request_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_renewals" ADD CONSTRAINT "request_renewals_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_renewals" ADD CONSTRAINT "request_renewals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_renewals" ADD CONSTRAINT "request_renewals_status_id_request_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."request_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_renewals" ADD CONSTRAINT "request_renewals_type_id_request_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."request_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_reviewers" ADD CONSTRAINT "request_reviewers_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_reviewers" ADD CONSTRAINT "request_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_comments_request_idx" ON "request_comments" USING btree ("request_id","created");--> statement-breakpoint
CREATE INDEX "request_renewals_request_idx" ON "request_renewals" USING btree ("request_id","created");--> statement-breakpoint
CREATE INDEX "request_reviewers_user_idx" ON "request_reviewers" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_logs_model_objects_idx" ON "email_logs" USING gin ("object_ids");--> statement-breakpoint
CREATE INDEX "files_request_idx" ON "files" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "requests_expiration_date_idx" ON "requests" USING btree ("expiration_date");
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_project_id" text GENERATED ALWAYS AS ('P' || CASE WHEN id < 100000 THEN lpad(id::text, 5, '0') ELSE id::text END) STORED NOT NULL,
	"owner_id" integer NOT NULL,
	"creator_id" integer,
	"institution_id" integer,
	"latest_irb_id" integer,
	"title" text NOT NULL,
	"abstract" text NOT NULL,
	"non_autism_research" boolean DEFAULT false NOT NULL,
	"public_title" text,
	"public_abstract" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"portal_request_id" text GENERATED ALWAYS AS (CASE WHEN type_id IN (4, 5) THEN 'RM' || CASE WHEN id < 10000 THEN lpad(id::text, 4, '0') ELSE id::text END ELSE 'R' || CASE WHEN id < 100000 THEN lpad(id::text, 5, '0') ELSE id::text END END) STORED NOT NULL,
	"type_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"institution_id" integer,
	"submission_date" timestamp with time zone,
	"decision_date" timestamp with time zone,
	"expiration_date" timestamp with time zone,
	"additional_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_team_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"user_role" integer NOT NULL,
	"institution_id" integer,
	"globus_username" text,
	"active" boolean DEFAULT true NOT NULL,
	"removal_date" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_latest_irb_id_files_id_fk" FOREIGN KEY ("latest_irb_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_type_id_request_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."request_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_status_id_request_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."request_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_team_members" ADD CONSTRAINT "research_team_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_team_members" ADD CONSTRAINT "research_team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_team_members" ADD CONSTRAINT "research_team_members_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "projects_portal_project_id_key" ON "projects" USING btree ("portal_project_id");--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "projects" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "projects_institution_idx" ON "projects" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "projects_title_idx" ON "projects" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "projects_title_trgm" ON "projects" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_abstract_trgm" ON "projects" USING gin ("abstract" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "requests_portal_request_id_key" ON "requests" USING btree ("portal_request_id");--> statement-breakpoint
CREATE INDEX "requests_owner_idx" ON "requests" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "requests_project_idx" ON "requests" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "requests_status_idx" ON "requests" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "requests_institution_idx" ON "requests" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "research_team_members_project_idx" ON "research_team_members" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "research_team_members_user_idx" ON "research_team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "research_team_members_email_idx" ON "research_team_members" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "research_team_members_project_email_key" ON "research_team_members" USING btree ("project_id",lower("email")) WHERE "research_team_members"."removal_date" is null;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
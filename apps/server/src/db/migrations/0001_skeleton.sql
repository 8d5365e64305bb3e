CREATE TABLE "cohorts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"welcome_packet" text
);
--> statement-breakpoint
CREATE TABLE "feature_toggles" (
	"id" serial PRIMARY KEY NOT NULL,
	"feature_code" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rda_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_team_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_kinds" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_sources" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_exclusions" (
	"role" text NOT NULL,
	"excluded_role" text NOT NULL,
	CONSTRAINT "role_exclusions_role_excluded_role_pk" PRIMARY KEY("role","excluded_role")
);
--> statement-breakpoint
CREATE TABLE "shipping_vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "user_groups_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"title" text,
	"phone_number" text,
	"orcid" text,
	"primary_role" text,
	"verified" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"abn_approved" boolean DEFAULT false NOT NULL,
	"suspended_request_id" integer,
	"agreed_to_terms_at" timestamp with time zone,
	"last_login" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"official_name" text DEFAULT '' NOT NULL,
	"ein" text,
	"nonprofit" boolean DEFAULT true NOT NULL,
	"domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"status_id" integer NOT NULL,
	"phone_number" text,
	"current_io_id" integer,
	"current_rda_id" integer,
	"comments" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_institutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"primary" boolean DEFAULT true NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"last_checked" timestamp with time zone,
	"removal_reason" text,
	"joinder_date" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"object_id" text NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"changed_fields" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"modifier_id" integer,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_status_id_institution_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."institution_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_current_io_id_users_id_fk" FOREIGN KEY ("current_io_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_institutions" ADD CONSTRAINT "user_institutions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_institutions" ADD CONSTRAINT "user_institutions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history" ADD CONSTRAINT "history_modifier_id_users_id_fk" FOREIGN KEY ("modifier_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cohorts_name_key" ON "cohorts" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "feature_toggles_code_key" ON "feature_toggles" USING btree ("feature_code");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_key" ON "groups" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "research_team_roles_name_key" ON "research_team_roles" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_vendors_name_key" ON "shipping_vendors" USING btree ("name");--> statement-breakpoint
CREATE INDEX "user_groups_group_idx" ON "user_groups" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "institutions_status_idx" ON "institutions" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "institutions_name_trgm" ON "institutions" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_ein_key" ON "institutions" USING btree ("ein") WHERE "institutions"."ein" is not null;--> statement-breakpoint
CREATE INDEX "user_institutions_user_idx" ON "user_institutions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_institutions_institution_idx" ON "user_institutions" USING btree ("institution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "history_object_version_key" ON "history" USING btree ("model","object_id","version");--> statement-breakpoint
CREATE INDEX "history_modifier_idx" ON "history" USING btree ("modifier_id");
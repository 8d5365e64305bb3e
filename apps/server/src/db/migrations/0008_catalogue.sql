CREATE TABLE "dataset_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"access_type" text NOT NULL,
	"status" text NOT NULL,
	"request_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dataset_access_type_check" CHECK ("dataset_access"."access_type" IN ('Globus', 'AWS', 'GPF', 'Other')),
	CONSTRAINT "dataset_access_status_check" CHECK ("dataset_access"."status" IN ('granted', 'revoked'))
);
--> statement-breakpoint
CREATE TABLE "dataset_allowed_users" (
	"dataset_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "dataset_allowed_users_dataset_id_user_id_pk" PRIMARY KEY("dataset_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "datasets" (
	"id" serial PRIMARY KEY NOT NULL,
	"dataset_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cohort_id" integer,
	"type_id" integer NOT NULL,
	"origin_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"parent_id" integer,
	"is_latest" boolean DEFAULT true NOT NULL,
	"release_date" date,
	"available" boolean DEFAULT true NOT NULL,
	"limited" boolean DEFAULT false NOT NULL,
	"data_file_id" integer,
	"data_access" text,
	"gpf_accessible" boolean DEFAULT false NOT NULL,
	"gpf_group" text,
	"gpf_dataset_id" text,
	"globus_group_id" uuid,
	"globus_locations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accession_id" text,
	"file_size" text,
	"order" integer DEFAULT 0 NOT NULL,
	"public_data_dictionary_id" integer,
	"public_release_notes_id" integer,
	"asd_participants" integer,
	"control_participants" integer,
	"families" integer,
	"related_dataset_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"change_notes" text,
	"creator_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "datasets_type_check" CHECK ("datasets"."type_id" IN (1, 2, 3)),
	CONSTRAINT "datasets_origin_check" CHECK ("datasets"."origin_id" IN (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "request_datasets" (
	"request_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	CONSTRAINT "request_datasets_request_id_dataset_id_pk" PRIMARY KEY("request_id","dataset_id")
);
--> statement-breakpoint
CREATE TABLE "sample_type_allowed_users" (
	"sample_type_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "sample_type_allowed_users_sample_type_id_user_id_pk" PRIMARY KEY("sample_type_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sample_type_cohorts" (
	"sample_type_id" integer NOT NULL,
	"cohort_id" integer NOT NULL,
	CONSTRAINT "sample_type_cohorts_sample_type_id_cohort_id_pk" PRIMARY KEY("sample_type_id","cohort_id")
);
--> statement-breakpoint
CREATE TABLE "sample_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"limited" boolean DEFAULT false NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dataset_access" ADD CONSTRAINT "dataset_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_access" ADD CONSTRAINT "dataset_access_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_access" ADD CONSTRAINT "dataset_access_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_allowed_users" ADD CONSTRAINT "dataset_allowed_users_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_allowed_users" ADD CONSTRAINT "dataset_allowed_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_parent_id_datasets_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_data_file_id_files_id_fk" FOREIGN KEY ("data_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_public_data_dictionary_id_files_id_fk" FOREIGN KEY ("public_data_dictionary_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_public_release_notes_id_files_id_fk" FOREIGN KEY ("public_release_notes_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_datasets" ADD CONSTRAINT "request_datasets_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_datasets" ADD CONSTRAINT "request_datasets_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_type_allowed_users" ADD CONSTRAINT "sample_type_allowed_users_sample_type_id_sample_types_id_fk" FOREIGN KEY ("sample_type_id") REFERENCES "public"."sample_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_type_allowed_users" ADD CONSTRAINT "sample_type_allowed_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_type_cohorts" ADD CONSTRAINT "sample_type_cohorts_sample_type_id_sample_types_id_fk" FOREIGN KEY ("sample_type_id") REFERENCES "public"."sample_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_type_cohorts" ADD CONSTRAINT "sample_type_cohorts_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dataset_access_user_dataset_type_key" ON "dataset_access" USING btree ("user_id","dataset_id","access_type");--> statement-breakpoint
CREATE INDEX "dataset_access_dataset_idx" ON "dataset_access" USING btree ("dataset_id");--> statement-breakpoint
CREATE INDEX "dataset_allowed_users_user_idx" ON "dataset_allowed_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "datasets_dataset_id_idx" ON "datasets" USING btree ("dataset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "datasets_dataset_id_version_key" ON "datasets" USING btree ("dataset_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "datasets_latest_key" ON "datasets" USING btree ("dataset_id") WHERE "datasets"."is_latest";--> statement-breakpoint
CREATE INDEX "datasets_parent_idx" ON "datasets" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "datasets_cohort_idx" ON "datasets" USING btree ("cohort_id");--> statement-breakpoint
CREATE INDEX "datasets_order_name_idx" ON "datasets" USING btree ("order","name","id");--> statement-breakpoint
CREATE INDEX "datasets_name_trgm" ON "datasets" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "datasets_accession_trgm" ON "datasets" USING gin ("accession_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "request_datasets_dataset_idx" ON "request_datasets" USING btree ("dataset_id");--> statement-breakpoint
CREATE INDEX "sample_type_allowed_users_user_idx" ON "sample_type_allowed_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sample_type_cohorts_cohort_idx" ON "sample_type_cohorts" USING btree ("cohort_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_types_name_key" ON "sample_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_types_type_key" ON "sample_types" USING btree ("type");--> statement-breakpoint
CREATE INDEX "sample_types_name_trgm" ON "sample_types" USING gin ("name" gin_trgm_ops);
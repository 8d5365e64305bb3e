CREATE TABLE "request_members" (
	"request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"removal_date" timestamp with time zone,
	"verified" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_members_request_id_user_id_pk" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "request_samples" (
	"request_id" integer NOT NULL,
	"sample_id" text NOT NULL,
	"amount" double precision NOT NULL,
	CONSTRAINT "request_samples_request_id_sample_id_pk" PRIMARY KEY("request_id","sample_id"),
	CONSTRAINT "request_samples_amount_check" CHECK ("request_samples"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "samples" (
	"id" text PRIMARY KEY NOT NULL,
	"sample_type_id" integer NOT NULL,
	"amount_available" double precision DEFAULT 0 NOT NULL,
	"unit" text NOT NULL,
	"ipsc_consented" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "samples_status_check" CHECK ("samples"."status" IN ('available', 'limited', 'unavailable', 'cpls')),
	CONSTRAINT "samples_amount_check" CHECK ("samples"."amount_available" >= 0)
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "display_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "cohort_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "sample_type_id" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "creator_id" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "intent_to_download" boolean;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "agreed_nih" boolean;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "data_safeguard" boolean;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "gpf_access_status" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "agreed_to_usage_policy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "request_members" ADD CONSTRAINT "request_members_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_members" ADD CONSTRAINT "request_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_samples" ADD CONSTRAINT "request_samples_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_samples" ADD CONSTRAINT "request_samples_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_sample_type_id_sample_types_id_fk" FOREIGN KEY ("sample_type_id") REFERENCES "public"."sample_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_members_user_idx" ON "request_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "request_samples_sample_idx" ON "request_samples" USING btree ("sample_id");--> statement-breakpoint
CREATE INDEX "samples_sample_type_idx" ON "samples" USING btree ("sample_type_id");--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_sample_type_id_sample_types_id_fk" FOREIGN KEY ("sample_type_id") REFERENCES "public"."sample_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_submission_date_idx" ON "requests" USING btree ("submission_date");--> statement-breakpoint
CREATE INDEX "requests_type_idx" ON "requests" USING btree ("type_id");
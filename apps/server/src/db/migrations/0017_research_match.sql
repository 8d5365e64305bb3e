CREATE TABLE "request_summaries" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"scientific_title" text DEFAULT '' NOT NULL,
	"scientific_abstract" text DEFAULT '' NOT NULL,
	"research_aim" text DEFAULT '' NOT NULL,
	"meeting_notes" text DEFAULT '' NOT NULL,
	"due_date" timestamp with time zone,
	"rm_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"rm_base" text,
	"principal_investigator" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"institution" text DEFAULT '' NOT NULL,
	"hypotheses" text DEFAULT '' NOT NULL,
	"irb_status" smallint,
	"irb_status_comments" text DEFAULT '' NOT NULL,
	"study_type" text[] DEFAULT '{}'::text[] NOT NULL,
	"category" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"cohort" text[] DEFAULT '{}'::text[] NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"std_instruments" text DEFAULT '' NOT NULL,
	"build_preference" text DEFAULT '' NOT NULL,
	"genetic_request" text DEFAULT '' NOT NULL,
	"procedure" text DEFAULT '' NOT NULL,
	"time_required" text DEFAULT '' NOT NULL,
	"justification" text DEFAULT '' NOT NULL,
	"incl_criteria" text DEFAULT '' NOT NULL,
	"excl_criteria" text DEFAULT '' NOT NULL,
	"feedback" text DEFAULT '' NOT NULL,
	"funding" text DEFAULT '' NOT NULL,
	"risks" text DEFAULT '' NOT NULL,
	"stakeholder_feedback" text DEFAULT '' NOT NULL,
	"considerations" text DEFAULT '' NOT NULL,
	"review_quarter" text,
	"review_cycle" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" integer,
	CONSTRAINT "request_summaries_irb_status_check" CHECK ("request_summaries"."irb_status" IS NULL OR "request_summaries"."irb_status" IN (1, 2)),
	CONSTRAINT "request_summaries_keywords_check" CHECK (cardinality("request_summaries"."keywords") <= 3),
	CONSTRAINT "request_summaries_review_cycle_check" CHECK ("request_summaries"."review_cycle" >= 0)
);
--> statement-breakpoint
CREATE TABLE "review_conflicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"conflict_exists" boolean NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_conflicts_request_user_key" UNIQUE("request_id","user_id"),
	CONSTRAINT "review_conflicts_explanation_check" CHECK (NOT "review_conflicts"."conflict_exists" OR length(btrim("review_conflicts"."explanation")) > 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"reviewer_role" smallint NOT NULL,
	"quarter" text NOT NULL,
	"cycle" integer DEFAULT 1 NOT NULL,
	"renewal_id" integer,
	"research_score" smallint,
	"research_strengths" text DEFAULT '' NOT NULL,
	"research_weaknesses" text DEFAULT '' NOT NULL,
	"engagement_score" smallint,
	"engagement_strengths" text DEFAULT '' NOT NULL,
	"engagement_weaknesses" text DEFAULT '' NOT NULL,
	"feasibility_score" smallint,
	"feasibility_strengths" text DEFAULT '' NOT NULL,
	"feasibility_weaknesses" text DEFAULT '' NOT NULL,
	"alignment_score" smallint,
	"alignment_strengths" text DEFAULT '' NOT NULL,
	"alignment_weaknesses" text DEFAULT '' NOT NULL,
	"scientific_score" smallint,
	"scientific_strengths" text DEFAULT '' NOT NULL,
	"scientific_weaknesses" text DEFAULT '' NOT NULL,
	"community_score" smallint,
	"community_strengths" text DEFAULT '' NOT NULL,
	"community_weaknesses" text DEFAULT '' NOT NULL,
	"other" jsonb,
	"reviewer_decision" text,
	"build_merit" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_request_reviewer_cycle_key" UNIQUE("request_id","reviewer_id","cycle"),
	CONSTRAINT "reviews_reviewer_role_check" CHECK ("reviews"."reviewer_role" IN (1, 2, 3)),
	CONSTRAINT "reviews_cycle_check" CHECK ("reviews"."cycle" >= 1),
	CONSTRAINT "reviews_research_score_check" CHECK ("research_score" IS NULL OR "research_score" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_engagement_score_check" CHECK ("engagement_score" IS NULL OR "engagement_score" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_feasibility_score_check" CHECK ("feasibility_score" IS NULL OR "feasibility_score" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_alignment_score_check" CHECK ("alignment_score" IS NULL OR "alignment_score" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_scientific_score_check" CHECK ("scientific_score" IS NULL OR "scientific_score" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_community_score_check" CHECK ("community_score" IS NULL OR "community_score" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_reviewer_decision_check" CHECK ("reviews"."reviewer_decision" IS NULL OR "reviews"."reviewer_decision" IN ('Approve', 'Conditionally Approve', 'Defer', 'Reject')),
	CONSTRAINT "reviews_build_merit_check" CHECK ("reviews"."build_merit" IS NULL OR "reviews"."build_merit" IN ('Yes', 'No', 'Not Applicable'))
);
--> statement-breakpoint
ALTER TABLE "request_reviewers" ADD COLUMN "reviewer_role" smallint;--> statement-breakpoint
ALTER TABLE "request_summaries" ADD CONSTRAINT "request_summaries_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_summaries" ADD CONSTRAINT "request_summaries_modified_by_id_users_id_fk" FOREIGN KEY ("modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_conflicts" ADD CONSTRAINT "review_conflicts_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_conflicts" ADD CONSTRAINT "review_conflicts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_renewal_id_request_renewals_id_fk" FOREIGN KEY ("renewal_id") REFERENCES "public"."request_renewals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_summaries_rm_base_idx" ON "request_summaries" USING btree ("rm_base");--> statement-breakpoint
CREATE INDEX "request_summaries_review_quarter_idx" ON "request_summaries" USING btree ("review_quarter","review_cycle");--> statement-breakpoint
CREATE INDEX "request_summaries_region_idx" ON "request_summaries" USING btree ("region");--> statement-breakpoint
CREATE INDEX "request_summaries_category_idx" ON "request_summaries" USING gin ("category");--> statement-breakpoint
CREATE INDEX "request_summaries_keywords_idx" ON "request_summaries" USING gin ("keywords");--> statement-breakpoint
CREATE INDEX "request_summaries_study_type_idx" ON "request_summaries" USING gin ("study_type");--> statement-breakpoint
CREATE INDEX "review_conflicts_user_idx" ON "review_conflicts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reviews_reviewer_quarter_idx" ON "reviews" USING btree ("reviewer_id","quarter");--> statement-breakpoint
CREATE INDEX "reviews_quarter_idx" ON "reviews" USING btree ("quarter","request_id");--> statement-breakpoint
CREATE INDEX "request_renewals_type_status_idx" ON "request_renewals" USING btree ("type_id","status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "request_reviewers_one_primary_key" ON "request_reviewers" USING btree ("request_id") WHERE "request_reviewers"."reviewer_role" = 1;--> statement-breakpoint
ALTER TABLE "request_reviewers" ADD CONSTRAINT "request_reviewers_reviewer_role_check" CHECK ("request_reviewers"."reviewer_role" IS NULL OR "request_reviewers"."reviewer_role" IN (1, 2, 3));
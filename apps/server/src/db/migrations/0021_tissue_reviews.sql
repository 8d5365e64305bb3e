CREATE TABLE "tissue_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"due_date" timestamp with time zone,
	"importance_score" smallint,
	"importance_comment" text DEFAULT '' NOT NULL,
	"autism_understanding_score" smallint,
	"autism_understanding_comment" text DEFAULT '' NOT NULL,
	"novel_score" smallint,
	"novel_comment" text DEFAULT '' NOT NULL,
	"design_score" smallint,
	"design_comment" text DEFAULT '' NOT NULL,
	"alternatives_score" smallint,
	"alternatives_comment" text DEFAULT '' NOT NULL,
	"preliminary_data_score" smallint,
	"preliminary_data_comment" text DEFAULT '' NOT NULL,
	"expertise_score" smallint,
	"expertise_comment" text DEFAULT '' NOT NULL,
	"funding_comment" text DEFAULT '' NOT NULL,
	"missing_info_comment" text DEFAULT '' NOT NULL,
	"recommendation_comment" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tissue_reviews_importance_score_check" CHECK ("importance_score" IS NULL OR ("importance_score" BETWEEN 0 AND 50 AND "importance_score" % 5 = 0)),
	CONSTRAINT "tissue_reviews_autism_understanding_score_check" CHECK ("autism_understanding_score" IS NULL OR ("autism_understanding_score" BETWEEN 0 AND 50 AND "autism_understanding_score" % 5 = 0)),
	CONSTRAINT "tissue_reviews_novel_score_check" CHECK ("novel_score" IS NULL OR ("novel_score" BETWEEN 0 AND 50 AND "novel_score" % 5 = 0)),
	CONSTRAINT "tissue_reviews_design_score_check" CHECK ("design_score" IS NULL OR ("design_score" BETWEEN 0 AND 50 AND "design_score" % 5 = 0)),
	CONSTRAINT "tissue_reviews_alternatives_score_check" CHECK ("alternatives_score" IS NULL OR ("alternatives_score" BETWEEN 0 AND 50 AND "alternatives_score" % 5 = 0)),
	CONSTRAINT "tissue_reviews_preliminary_data_score_check" CHECK ("preliminary_data_score" IS NULL OR ("preliminary_data_score" BETWEEN 0 AND 50 AND "preliminary_data_score" % 5 = 0)),
	CONSTRAINT "tissue_reviews_expertise_score_check" CHECK ("expertise_score" IS NULL OR ("expertise_score" BETWEEN 0 AND 50 AND "expertise_score" % 5 = 0))
);
--> statement-breakpoint
ALTER TABLE "tissue_reviews" ADD CONSTRAINT "tissue_reviews_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tissue_reviews" ADD CONSTRAINT "tissue_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tissue_reviews_request_reviewer_key" ON "tissue_reviews" USING btree ("request_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "tissue_reviews_reviewer_idx" ON "tissue_reviews" USING btree ("reviewer_id");
CREATE TABLE "abn_cart_donors" (
	"cart_id" integer NOT NULL,
	"donor_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "abn_cart_donors_cart_id_donor_id_pk" PRIMARY KEY("cart_id","donor_id")
);
--> statement-breakpoint
CREATE TABLE "abn_carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"pi_id" integer NOT NULL,
	"collection_name" text NOT NULL,
	"pilot" boolean DEFAULT false NOT NULL,
	"request_id" integer,
	"creator_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abn_donor_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"doc_type" text NOT NULL,
	"doc_type_v" text NOT NULL,
	"file_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abn_donor_surveys" (
	"donor_id" integer NOT NULL,
	"survey_type" text NOT NULL,
	"answers" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abn_donor_surveys_donor_id_survey_type_pk" PRIMARY KEY("donor_id","survey_type")
);
--> statement-breakpoint
CREATE TABLE "abn_donors" (
	"id" serial PRIMARY KEY NOT NULL,
	"donor_hash" text NOT NULL,
	"pilot" boolean DEFAULT false NOT NULL,
	"diagnosis" text NOT NULL,
	"confirmation_status" text NOT NULL,
	"age" double precision,
	"gender" text,
	"left_hemisphere" text,
	"right_hemisphere" text,
	"brainstem" text,
	"tissue_quality" text,
	"amount" text,
	"detail" text,
	"genetic_conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"spark_genes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cause_of_death" text,
	"secondary_cause_of_death" text,
	"respirator" text,
	"respirator_length" text,
	"medical_conditions" text[] DEFAULT '{}'::text[] NOT NULL,
	"psych_conditions" text[] DEFAULT '{}'::text[] NOT NULL,
	"intellectual_functioning" jsonb,
	"ethnicities" text[] DEFAULT '{}'::text[] NOT NULL,
	"clinical_summary" text,
	"flag" text,
	"pmi" double precision,
	"rin" double precision,
	"brain_weight" double precision,
	"preservation" text,
	"collected_brainstem_detail" text,
	"restricted" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abn_donors_age_check" CHECK ("abn_donors"."age" IS NULL OR "abn_donors"."age" BETWEEN 0 AND 130),
	CONSTRAINT "abn_donors_pmi_check" CHECK ("abn_donors"."pmi" IS NULL OR "abn_donors"."pmi" BETWEEN 0 AND 200),
	CONSTRAINT "abn_donors_rin_check" CHECK ("abn_donors"."rin" IS NULL OR "abn_donors"."rin" BETWEEN 0 AND 130)
);
--> statement-breakpoint
ALTER TABLE "abn_cart_donors" ADD CONSTRAINT "abn_cart_donors_cart_id_abn_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."abn_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abn_cart_donors" ADD CONSTRAINT "abn_cart_donors_donor_id_abn_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."abn_donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abn_carts" ADD CONSTRAINT "abn_carts_pi_id_users_id_fk" FOREIGN KEY ("pi_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abn_carts" ADD CONSTRAINT "abn_carts_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abn_carts" ADD CONSTRAINT "abn_carts_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abn_donor_documents" ADD CONSTRAINT "abn_donor_documents_donor_id_abn_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."abn_donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abn_donor_documents" ADD CONSTRAINT "abn_donor_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abn_donor_surveys" ADD CONSTRAINT "abn_donor_surveys_donor_id_abn_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."abn_donors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abn_cart_donors_donor_idx" ON "abn_cart_donors" USING btree ("donor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "abn_carts_pi_name_key" ON "abn_carts" USING btree ("pi_id",lower("collection_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "abn_carts_request_key" ON "abn_carts" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "abn_carts_modified_idx" ON "abn_carts" USING btree ("modified" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "abn_donor_documents_donor_idx" ON "abn_donor_documents" USING btree ("donor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "abn_donors_donor_hash_key" ON "abn_donors" USING btree ("donor_hash");--> statement-breakpoint
CREATE INDEX "abn_donors_pilot_hash_idx" ON "abn_donors" USING btree ("pilot","donor_hash");--> statement-breakpoint
CREATE INDEX "abn_donors_pilot_age_idx" ON "abn_donors" USING btree ("pilot","age","id");--> statement-breakpoint
CREATE INDEX "abn_donors_pilot_pmi_idx" ON "abn_donors" USING btree ("pilot","pmi","id");--> statement-breakpoint
CREATE INDEX "abn_donors_pilot_rin_idx" ON "abn_donors" USING btree ("pilot","rin","id");--> statement-breakpoint
CREATE INDEX "abn_donors_donor_hash_trgm" ON "abn_donors" USING gin ("donor_hash" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "abn_donors_medical_conditions_idx" ON "abn_donors" USING gin ("medical_conditions");--> statement-breakpoint
CREATE INDEX "abn_donors_psych_conditions_idx" ON "abn_donors" USING gin ("psych_conditions");--> statement-breakpoint
CREATE INDEX "abn_donors_ethnicities_idx" ON "abn_donors" USING gin ("ethnicities");--> statement-breakpoint
CREATE INDEX "abn_donors_genetic_conditions_idx" ON "abn_donors" USING gin ("genetic_conditions" jsonb_path_ops);
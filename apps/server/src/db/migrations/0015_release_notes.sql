CREATE TABLE "release_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"released_at" timestamp with time zone,
	"created_by_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "resent_from_id" integer;--> statement-breakpoint
ALTER TABLE "release_notes" ADD CONSTRAINT "release_notes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "release_notes_version_key" ON "release_notes" USING btree ("version");--> statement-breakpoint
CREATE INDEX "release_notes_released_created_idx" ON "release_notes" USING btree ("released","created" DESC NULLS FIRST,"id" DESC NULLS LAST);
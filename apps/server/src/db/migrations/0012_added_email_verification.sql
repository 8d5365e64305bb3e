ALTER TABLE "user_emails" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "user_email_id" integer;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_email_id_user_emails_id_fk" FOREIGN KEY ("user_email_id") REFERENCES "public"."user_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_emails_user_email_key" ON "user_emails" USING btree ("user_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_emails_verified_email_key" ON "user_emails" USING btree (lower("email")) WHERE "user_emails"."verified_at" is not null;
CREATE TABLE "abn_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"bins_order_id" text NOT NULL,
	"order" jsonb NOT NULL,
	"cases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creator_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "abn_orders" ADD CONSTRAINT "abn_orders_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abn_orders" ADD CONSTRAINT "abn_orders_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abn_orders_request_idx" ON "abn_orders" USING btree ("request_id","created" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE TABLE "imported_images" (
	"origin" text NOT NULL,
	"source" text NOT NULL,
	"media_id" integer NOT NULL,
	"url" text NOT NULL,
	"bytes" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_images_origin_source_pk" PRIMARY KEY("origin","source")
);
--> statement-breakpoint
CREATE TABLE "imported_records" (
	"origin" text NOT NULL,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"local_id" integer NOT NULL,
	"source_hash" text NOT NULL,
	"local_version" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_records_origin_kind_source_key_pk" PRIMARY KEY("origin","kind","source_key")
);
--> statement-breakpoint
CREATE TABLE "site_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"only" jsonb NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"actor_label" text DEFAULT '' NOT NULL,
	"report" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"holder" text DEFAULT '' NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "imported_images" ADD CONSTRAINT "imported_images_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_imports_one_running" ON "site_imports" USING btree ("state") WHERE "site_imports"."state" = 'running';
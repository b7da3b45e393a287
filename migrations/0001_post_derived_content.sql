ALTER TABLE "posts" ADD COLUMN "content_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "preview" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_image" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "thumbnail" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "rendered_content" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "derived_version" integer DEFAULT 0 NOT NULL;
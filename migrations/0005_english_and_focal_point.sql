ALTER TABLE "artists" ADD COLUMN "en" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "focal_x" real DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "focal_y" real DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "content_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "content_text_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "preview_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "rendered_content_en" text DEFAULT '' NOT NULL;
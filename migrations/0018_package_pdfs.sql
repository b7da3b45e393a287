ALTER TABLE "casting_package_artists" ADD COLUMN "reel" text;--> statement-breakpoint
ALTER TABLE "casting_package_artists" ADD COLUMN "pdf_downloads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "casting_packages" ADD COLUMN "pdf_downloads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "casting_packages" ADD COLUMN "last_pdf_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "casting_packages" ADD COLUMN "link_sent_at" timestamp with time zone;
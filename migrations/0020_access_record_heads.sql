ALTER TABLE "access_record_inspections" ADD COLUMN "head_id" bigint;--> statement-breakpoint
ALTER TABLE "access_record_inspections" ADD COLUMN "head_hash" text;
ALTER TABLE "api_tokens" ADD COLUMN "admin_id" integer;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "scopes" text[] DEFAULT '{content,media}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tokens made before accounts had owners belong to the first owner (the administrator who made them).
UPDATE "api_tokens" SET "admin_id" = (SELECT "id" FROM "admin_users" WHERE "role" = 'owner' ORDER BY "id" LIMIT 1) WHERE "admin_id" IS NULL;

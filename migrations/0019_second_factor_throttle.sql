ALTER TABLE "admin_users" ADD COLUMN "second_factor_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "second_factor_window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "second_factor_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "second_factor_lockouts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "security_notice" jsonb;
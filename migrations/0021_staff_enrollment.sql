ALTER TABLE "admin_users" ADD COLUMN "self_enrollment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_account_id_admin_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The administrator of an existing installation (the first account, not made from an invitation) may still
-- enroll after a password-only sign-in until it has a second factor; invited accounts enroll through a link.
UPDATE "admin_users" SET "self_enrollment" = true WHERE "totp_enabled_at" IS NULL AND "id" = (SELECT min("id") FROM "admin_users") AND NOT EXISTS (SELECT 1 FROM "staff_invitations" WHERE "accepted_by" = "admin_users"."id");

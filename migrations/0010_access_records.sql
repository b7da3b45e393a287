CREATE TABLE "access_record_chain" (
	"id" smallint PRIMARY KEY NOT NULL,
	"head_id" bigint DEFAULT 0 NOT NULL,
	"head_hash" text DEFAULT '' NOT NULL,
	"anchor_id" bigint DEFAULT 0 NOT NULL,
	"anchor_hash" text DEFAULT '' NOT NULL,
	CONSTRAINT "access_record_chain_one_row" CHECK ("access_record_chain"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "access_record_inspections" (
	"month" text PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"actor_label" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"inspected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"admin_id" integer,
	"actor_label" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"receipt_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason_code" text,
	"reason_text" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "access_records_action" CHECK ("access_records"."action" in ('view', 'search', 'file-view', 'file-download', 'export', 'status', 'note', 'delete', 'print'))
);
--> statement-breakpoint
ALTER TABLE "access_record_inspections" ADD CONSTRAINT "access_record_inspections_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_records" ADD CONSTRAINT "access_records_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_records_at_idx" ON "access_records" USING btree ("at");--> statement-breakpoint
CREATE INDEX "access_records_actor_idx" ON "access_records" USING btree ("actor_label","at");
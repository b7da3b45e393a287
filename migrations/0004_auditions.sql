CREATE TABLE "audition_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_number" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"name" text NOT NULL,
	"birth_date" date NOT NULL,
	"gender" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"height_cm" smallint NOT NULL,
	"weight_kg" smallint,
	"career" text DEFAULT '' NOT NULL,
	"introduction" text NOT NULL,
	"video_url" text,
	"guardian" jsonb,
	"consent" jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audition_applications_receipt_number_unique" UNIQUE("receipt_number")
);
--> statement-breakpoint
CREATE TABLE "audition_files" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audition_receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audition_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"bucket" text NOT NULL,
	"subject" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_hits_bucket_subject_window_start_pk" PRIMARY KEY("bucket","subject","window_start")
);
--> statement-breakpoint
ALTER TABLE "audition_files" ADD CONSTRAINT "audition_files_application_id_audition_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."audition_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_status_changes" ADD CONSTRAINT "audition_status_changes_application_id_audition_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."audition_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audition_applications_received_idx" ON "audition_applications" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "audition_applications_phone_idx" ON "audition_applications" USING btree ("phone","received_at");--> statement-breakpoint
CREATE INDEX "audition_applications_email_idx" ON "audition_applications" USING btree ("email","received_at");--> statement-breakpoint
CREATE INDEX "audition_applications_status_idx" ON "audition_applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "audition_files_application_idx" ON "audition_files" USING btree ("application_id","kind","position");--> statement-breakpoint
CREATE INDEX "audition_status_changes_application_idx" ON "audition_status_changes" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("sent_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_start");
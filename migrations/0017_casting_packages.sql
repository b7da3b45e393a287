CREATE TABLE "casting_package_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"mark" text,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "casting_package_answers_mark_check" CHECK ("casting_package_answers"."mark" is null or "casting_package_answers"."mark" in ('interested', 'hold'))
);
--> statement-breakpoint
CREATE TABLE "casting_package_artists" (
	"package_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"credits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"first_opened_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "casting_package_artists_package_id_artist_id_pk" PRIMARY KEY("package_id","artist_id")
);
--> statement-breakpoint
CREATE TABLE "casting_package_visits" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casting_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"recipient_company" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text DEFAULT '' NOT NULL,
	"locale" text DEFAULT 'ko' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" integer,
	"created_by_label" text DEFAULT '' NOT NULL,
	"copied_from" integer,
	"first_opened_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"visit_count" integer DEFAULT 0 NOT NULL,
	"answer_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "casting_packages_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "casting_packages_locale_check" CHECK ("casting_packages"."locale" in ('ko', 'en'))
);
--> statement-breakpoint
ALTER TABLE "casting_package_answers" ADD CONSTRAINT "casting_package_answers_package_id_casting_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."casting_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casting_package_answers" ADD CONSTRAINT "casting_package_answers_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casting_package_artists" ADD CONSTRAINT "casting_package_artists_package_id_casting_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."casting_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casting_package_artists" ADD CONSTRAINT "casting_package_artists_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casting_package_visits" ADD CONSTRAINT "casting_package_visits_package_id_casting_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."casting_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casting_packages" ADD CONSTRAINT "casting_packages_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "casting_package_answers_package_idx" ON "casting_package_answers" USING btree ("package_id","created_at");--> statement-breakpoint
CREATE INDEX "casting_package_visits_package_idx" ON "casting_package_visits" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "casting_packages_created_idx" ON "casting_packages" USING btree ("created_at");
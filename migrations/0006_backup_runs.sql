CREATE TABLE "backup_runs" (
	"scheduled_for" timestamp with time zone PRIMARY KEY NOT NULL,
	"server" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"archive" text,
	"bytes" bigint,
	"error" text
);

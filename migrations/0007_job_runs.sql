CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"server" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	"error" text,
	CONSTRAINT "job_runs_job_scheduled_for_pk" PRIMARY KEY("job","scheduled_for")
);

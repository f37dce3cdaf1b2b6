CREATE TABLE "job_runs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	"last_finished_at" timestamp with time zone,
	"last_instance" varchar(128) NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL
);

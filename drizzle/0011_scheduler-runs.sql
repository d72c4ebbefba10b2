CREATE TABLE "scheduler_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'BERJALAN' NOT NULL,
	"result" text,
	"error" text,
	"runner" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "scheduler_runs_job_idx" ON "scheduler_runs" USING btree ("job","started_at");
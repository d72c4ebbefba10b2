CREATE TABLE "payout_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"status" text DEFAULT 'exported' NOT NULL,
	"jumlah_payout" integer NOT NULL,
	"total_nominal" bigint NOT NULL,
	"operator_id" bigint,
	"operator_nama" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payout_batches_total_ck" CHECK ("payout_batches"."jumlah_payout" > 0 and "payout_batches"."total_nominal" > 0)
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "batch_id" bigint;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_no_uq" ON "payout_batches" USING btree ("no");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id");
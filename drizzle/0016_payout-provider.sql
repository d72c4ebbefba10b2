CREATE TABLE "bank_account_validations" (
	"kode_bank" text NOT NULL,
	"no_rekening" text NOT NULL,
	"provider" text NOT NULL,
	"valid" boolean NOT NULL,
	"nama_bank" text,
	"pesan" text,
	"validated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_account_validations_kode_bank_no_rekening_pk" PRIMARY KEY("kode_bank","no_rekening")
);
--> statement-breakpoint
CREATE TABLE "payout_simulator_transfers" (
	"reference_no" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"position" integer NOT NULL,
	"bank" text NOT NULL,
	"account" text NOT NULL,
	"name" text NOT NULL,
	"amount" bigint NOT NULL,
	"notes" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reference_no" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_error" text;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "provider" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "approved_by_id" bigint;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "approved_by_nama" text;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_simulator_key_uq" ON "payout_simulator_transfers" USING btree ("idempotency_key","position");--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_approved_by_id_operators_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_no_uq" ON "payouts" USING btree ("reference_no");
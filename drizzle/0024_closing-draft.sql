ALTER TABLE "closed_days" ADD COLUMN "status" text DEFAULT 'APPROVED' NOT NULL;--> statement-breakpoint
ALTER TABLE "closed_days" ADD COLUMN "dibuat_oleh" bigint;--> statement-breakpoint
ALTER TABLE "closed_days" ADD COLUMN "disetujui_oleh" bigint;--> statement-breakpoint
ALTER TABLE "closed_days" ADD COLUMN "disetujui_nama" text;--> statement-breakpoint
ALTER TABLE "closed_days" ADD COLUMN "disetujui_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "closed_days" ADD CONSTRAINT "closed_days_dibuat_oleh_operators_id_fk" FOREIGN KEY ("dibuat_oleh") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_days" ADD CONSTRAINT "closed_days_disetujui_oleh_operators_id_fk" FOREIGN KEY ("disetujui_oleh") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "closed_days" SET "disetujui_at" = "closed_at", "disetujui_nama" = 'Sistem (closing sebelum draft)';--> statement-breakpoint
CREATE TABLE "closing_undo" (
	"tanggal" date PRIMARY KEY NOT NULL,
	"pairing" jsonb NOT NULL,
	"annual" jsonb
);

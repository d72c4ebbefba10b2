CREATE TABLE "order_refund_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_id" bigint NOT NULL,
	"order_detail_id" bigint NOT NULL,
	"qty" integer NOT NULL,
	"jumlah" bigint NOT NULL,
	"bv" integer NOT NULL,
	CONSTRAINT "order_refund_lines_ck" CHECK ("order_refund_lines"."qty" > 0 and "order_refund_lines"."jumlah" >= 0 and "order_refund_lines"."bv" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_money_ck";--> statement-breakpoint
DROP INDEX "order_refunds_open_idx";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "ditetapkan_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_order_detail_id_order_details_id_fk" FOREIGN KEY ("order_detail_id") REFERENCES "public"."order_details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refund_lines_refund_idx" ON "order_refund_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "order_refund_lines_detail_idx" ON "order_refund_lines" USING btree ("order_detail_id");--> statement-breakpoint
CREATE INDEX "order_refunds_open_idx" ON "order_refunds" USING btree ("ditetapkan_at") WHERE "order_refunds"."tanggal_bonus" is null;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_money_ck" CHECK ("order_refunds"."jumlah" >= 0 and "order_refunds"."bv" >= 0 and ("order_refunds"."jumlah" > 0 or "order_refunds"."bv" > 0) and ("order_refunds"."ditetapkan_at" is not null or "order_refunds"."bv" = 0));--> statement-breakpoint
-- Refunds recorded before this migration took their BV when they were recorded.
UPDATE "order_refunds" SET "ditetapkan_at" = "created_at";
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"qty_before" integer NOT NULL,
	"qty_after" integer NOT NULL,
	"alasan" text NOT NULL,
	"operator_id" bigint,
	"operator_nama" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_qty_ck" CHECK ("stock_movements"."qty_before" >= 0 and "stock_movements"."qty_after" >= 0 and "stock_movements"."qty_after" <> "stock_movements"."qty_before"),
	CONSTRAINT "stock_movements_alasan_ck" CHECK (length(trim("stock_movements"."alasan")) > 0)
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_place_idx" ON "stock_movements" USING btree ("warehouse_id","product_id","at");--> statement-breakpoint
CREATE INDEX "stock_movements_at_idx" ON "stock_movements" USING btree ("at");
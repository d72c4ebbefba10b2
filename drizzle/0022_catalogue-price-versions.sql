CREATE TABLE "product_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"berlaku_mulai" date NOT NULL,
	"harga" bigint NOT NULL,
	"dpp" bigint NOT NULL,
	"persen_ppn" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_prices_money_ck" CHECK ("product_prices"."harga" >= 0 and "product_prices"."dpp" >= 0 and "product_prices"."dpp" <= "product_prices"."harga"),
	CONSTRAINT "product_prices_ppn_ck" CHECK ("product_prices"."persen_ppn" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_prices_day_uq" ON "product_prices" USING btree ("product_id","berlaku_mulai");
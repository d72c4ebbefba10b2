CREATE TABLE "promo_claim_omsets" (
	"claim_id" bigint NOT NULL,
	"omset_id" bigint NOT NULL,
	"poin" numeric(12, 2) NOT NULL,
	"nominal" bigint NOT NULL,
	CONSTRAINT "promo_claim_omsets_claim_id_omset_id_pk" PRIMARY KEY("claim_id","omset_id")
);
--> statement-breakpoint
ALTER TABLE "promo_omsets" ADD COLUMN "poin_terpakai" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_omsets" ADD COLUMN "nominal_terpakai" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_claim_omsets" ADD CONSTRAINT "promo_claim_omsets_claim_id_promo_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."promo_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_claim_omsets" ADD CONSTRAINT "promo_claim_omsets_omset_id_promo_omsets_id_fk" FOREIGN KEY ("omset_id") REFERENCES "public"."promo_omsets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_claim_omsets_omset_idx" ON "promo_claim_omsets" USING btree ("omset_id");--> statement-breakpoint
ALTER TABLE "promo_omsets" ADD CONSTRAINT "promo_omsets_used_ck" CHECK ("promo_omsets"."poin_terpakai" between 0 and "promo_omsets"."poin" and "promo_omsets"."nominal_terpakai" between 0 and "promo_omsets"."nominal");--> statement-breakpoint
-- Backfill: a row an earlier claim took was used whole by that claim.
UPDATE "promo_omsets" SET "poin_terpakai" = "poin", "nominal_terpakai" = "nominal" WHERE "claim_by" IS NOT NULL;--> statement-breakpoint
INSERT INTO "promo_claim_omsets" ("claim_id", "omset_id", "poin", "nominal")
SELECT "claim_by", "id", "poin", "nominal" FROM "promo_omsets" WHERE "claim_by" IS NOT NULL;

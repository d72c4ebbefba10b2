-- Promo fulfilment (issue #26): when a claim's reward was handed over, and by which operator.
ALTER TABLE "promo_claims" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_claims" ADD COLUMN "delivered_by" text;

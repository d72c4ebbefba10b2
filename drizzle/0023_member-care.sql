CREATE TABLE "kyc_rejections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"jenis" text NOT NULL,
	"nomor" text NOT NULL,
	"alasan" text NOT NULL,
	"operator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "view_as_operator_id" bigint;--> statement-breakpoint
ALTER TABLE "kyc_rejections" ADD CONSTRAINT "kyc_rejections_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_rejections" ADD CONSTRAINT "kyc_rejections_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_rejections_member_idx" ON "kyc_rejections" USING btree ("member_id","jenis","nomor");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_view_as_operator_id_operators_id_fk" FOREIGN KEY ("view_as_operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;
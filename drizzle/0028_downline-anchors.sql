CREATE TABLE "downline_anchors" (
	"root_id" bigint NOT NULL,
	"pos" integer NOT NULL,
	"tgl_join" date NOT NULL,
	"member_id" bigint NOT NULL,
	CONSTRAINT "downline_anchors_root_id_pos_pk" PRIMARY KEY("root_id","pos")
);
--> statement-breakpoint
ALTER TABLE "downline_anchors" ADD CONSTRAINT "downline_anchors_root_id_members_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;
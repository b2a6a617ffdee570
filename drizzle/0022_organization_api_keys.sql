ALTER TABLE "api_key" DROP CONSTRAINT "api_key_reference_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "api_key" ADD COLUMN "user_id" text GENERATED ALWAYS AS (case when config_id = 'default' then reference_id end) STORED;--> statement-breakpoint
ALTER TABLE "api_key" ADD COLUMN "organization_id" text GENERATED ALWAYS AS (case when config_id = 'organization' then reference_id end) STORED;--> statement-breakpoint
ALTER TABLE "api_key" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "api_key" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_key" ADD COLUMN "revoked_by" text;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_revoked_by_user_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_user_id" ON "api_key" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "api_key_organization_id" ON "api_key" USING btree ("organization_id");
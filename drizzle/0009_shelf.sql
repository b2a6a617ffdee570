-- Each organisation's shelf: catalogue books its members collect, with a note (decision 038).
-- The rows belong to the organisation and go with it; a book leaving the catalogue leaves every
-- shelf; a deleted user's rows stay, without "added by".
CREATE TABLE "shelf_item" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
	"book_id" text NOT NULL REFERENCES "book"("id") ON DELETE CASCADE,
	"note" text DEFAULT '' NOT NULL,
	"added_by" text REFERENCES "user"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "shelf_item_organization_book" ON "shelf_item" ("organization_id", "book_id");--> statement-breakpoint
CREATE INDEX "shelf_item_book_id" ON "shelf_item" ("book_id");--> statement-breakpoint
-- An organisation whose last owner leaves with their account (a deleted user's memberships go by
-- cascade) gets a new owner: its longest-standing admin, else its longest-standing member. The
-- organization plugin itself refuses to remove, demote or let leave the last owner.
CREATE OR REPLACE FUNCTION public.keep_an_owner() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  heir text;
BEGIN
  IF NOT ('owner' = ANY (string_to_array(replace(OLD."role", ' ', ''), ','))) THEN
    RETURN OLD;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM "organization" WHERE "id" = OLD."organization_id") THEN
    RETURN OLD;
  END IF;
  IF EXISTS (
    SELECT 1 FROM "member"
    WHERE "organization_id" = OLD."organization_id"
      AND 'owner' = ANY (string_to_array(replace("role", ' ', ''), ','))
  ) THEN
    RETURN OLD;
  END IF;
  SELECT "id" INTO heir FROM "member"
    WHERE "organization_id" = OLD."organization_id"
    ORDER BY ('admin' = ANY (string_to_array(replace("role", ' ', ''), ','))) DESC, "created_at", "id"
    LIMIT 1;
  IF heir IS NOT NULL THEN
    UPDATE "member" SET "role" = 'owner' WHERE "id" = heir;
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "member_keep_an_owner" AFTER DELETE ON "member"
  FOR EACH ROW EXECUTE FUNCTION public.keep_an_owner();

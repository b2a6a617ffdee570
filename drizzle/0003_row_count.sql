CREATE TABLE "row_count" (
	"table_name" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);--> statement-breakpoint
-- Statement-level triggers keep row_count exact: one update per statement (a bulk insert of 1000
-- rows costs one update), inside the same transaction as the change itself.
CREATE OR REPLACE FUNCTION public.count_rows() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE public.row_count SET n = n + (SELECT count(*) FROM changed_rows) WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE public.row_count SET n = n - (SELECT count(*) FROM changed_rows) WHERE table_name = TG_TABLE_NAME;
  ELSE
    UPDATE public.row_count SET n = 0 WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "book_count_insert" AFTER INSERT ON "book" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.count_rows();--> statement-breakpoint
CREATE TRIGGER "book_count_delete" AFTER DELETE ON "book" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.count_rows();--> statement-breakpoint
CREATE TRIGGER "book_count_truncate" AFTER TRUNCATE ON "book" FOR EACH STATEMENT EXECUTE FUNCTION public.count_rows();--> statement-breakpoint
-- Counted after the triggers exist: creating them locked out writers, so no row is missed or counted twice.
INSERT INTO "row_count" ("table_name", "n") SELECT 'book', count(*) FROM "book";

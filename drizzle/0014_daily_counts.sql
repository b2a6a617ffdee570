-- The manager's dashboard without scanning the users and books (decision 050). Its trends and its
-- chart count the rows added per UTC day; at 100 000 rows added within the period those counts read
-- every row (about 180 ms of PostgreSQL's time per view, the admin's landing page). Statement-level
-- triggers keep the number of rows per day of `created_at`, in the change's own transaction, as
-- `row_count` keeps the totals (0003): the dashboard reads at most 60 rows of this table.
CREATE TABLE "daily_count" (
	"table_name" text NOT NULL,
	"day" date NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "daily_count_pkey" PRIMARY KEY ("table_name", "day")
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.count_rows_per_day() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- In the order of the days, so two statements adding rows of several days never wait on each other in a cycle.
    INSERT INTO public.daily_count ("table_name", "day", "n")
      SELECT TG_TABLE_NAME, ("created_at" AT TIME ZONE 'UTC')::date AS d, count(*) FROM added_rows GROUP BY d ORDER BY d
      ON CONFLICT ("table_name", "day") DO UPDATE SET "n" = public.daily_count."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE public.daily_count c SET "n" = c."n" - r.n
      FROM (SELECT ("created_at" AT TIME ZONE 'UTC')::date AS d, count(*) AS n FROM removed_rows GROUP BY d) r
      WHERE c."table_name" = TG_TABLE_NAME AND c."day" = r.d;
  ELSE
    DELETE FROM public.daily_count WHERE "table_name" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A row whose `created_at` is changed (never by the app; by hand in SQL) moves to its new day.
CREATE OR REPLACE FUNCTION public.move_row_to_day() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE public.daily_count SET "n" = "n" - 1
    WHERE "table_name" = TG_TABLE_NAME AND "day" = (OLD."created_at" AT TIME ZONE 'UTC')::date;
  INSERT INTO public.daily_count ("table_name", "day", "n") VALUES (TG_TABLE_NAME, (NEW."created_at" AT TIME ZONE 'UTC')::date, 1)
    ON CONFLICT ("table_name", "day") DO UPDATE SET "n" = public.daily_count."n" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_per_day_insert" AFTER INSERT ON "user" REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION public.count_rows_per_day();--> statement-breakpoint
CREATE TRIGGER "user_per_day_delete" AFTER DELETE ON "user" REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.count_rows_per_day();--> statement-breakpoint
CREATE TRIGGER "user_per_day_truncate" AFTER TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION public.count_rows_per_day();--> statement-breakpoint
CREATE TRIGGER "user_per_day_move" AFTER UPDATE OF "created_at" ON "user" FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at") EXECUTE FUNCTION public.move_row_to_day();--> statement-breakpoint
CREATE TRIGGER "book_per_day_insert" AFTER INSERT ON "book" REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION public.count_rows_per_day();--> statement-breakpoint
CREATE TRIGGER "book_per_day_delete" AFTER DELETE ON "book" REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.count_rows_per_day();--> statement-breakpoint
CREATE TRIGGER "book_per_day_truncate" AFTER TRUNCATE ON "book" FOR EACH STATEMENT EXECUTE FUNCTION public.count_rows_per_day();--> statement-breakpoint
CREATE TRIGGER "book_per_day_move" AFTER UPDATE OF "created_at" ON "book" FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at") EXECUTE FUNCTION public.move_row_to_day();--> statement-breakpoint
-- Counted after the triggers exist: creating them locked out writers, so no row is missed or counted twice.
INSERT INTO "daily_count" ("table_name", "day", "n") SELECT 'user', ("created_at" AT TIME ZONE 'UTC')::date AS d, count(*) FROM "user" GROUP BY d;--> statement-breakpoint
INSERT INTO "daily_count" ("table_name", "day", "n") SELECT 'book', ("created_at" AT TIME ZONE 'UTC')::date AS d, count(*) FROM "book" GROUP BY d;--> statement-breakpoint
-- The dashboard's counts of admins and of banned people: a read of these small indexes instead of a
-- scan of every user. The admins' condition is the one the app writes (src/server/roles.ts).
CREATE INDEX "user_admin" ON "user" USING btree ("id") WHERE 'admin' = any(string_to_array(replace("role", ' ', ''), ','));--> statement-breakpoint
CREATE INDEX "user_banned" ON "user" USING btree ("id") WHERE "banned";

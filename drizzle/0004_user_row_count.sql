-- The users' total, kept like the books' (0003): statement-level triggers on "user".
CREATE TRIGGER "user_count_insert" AFTER INSERT ON "user" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.count_rows();--> statement-breakpoint
CREATE TRIGGER "user_count_delete" AFTER DELETE ON "user" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.count_rows();--> statement-breakpoint
CREATE TRIGGER "user_count_truncate" AFTER TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION public.count_rows();--> statement-breakpoint
-- Counted after the triggers exist: creating them locked out writers, so no row is missed or counted twice.
INSERT INTO "row_count" ("table_name", "n") SELECT 'user', count(*) FROM "user";

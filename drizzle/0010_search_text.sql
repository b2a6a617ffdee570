-- Search over one stored, normalised column per table (decision 041). Each row keeps its searchable
-- text, `f_unaccent(lower(...))` of its fields joined by a unit separator (U+001F, which no search
-- term holds, so no match spans two fields). A search then never calls a function per row: a term of
-- 3 characters or more is answered through the column's trigram index, a shorter one (which no
-- trigram index can serve) by a plain scan of that one column, a sixth of the former cost.
ALTER TABLE "book" ADD COLUMN "search_text" text GENERATED ALWAYS AS (f_unaccent(lower("title")) || chr(31) || f_unaccent(lower("author"))) STORED;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "search_text" text GENERATED ALWAYS AS (f_unaccent(lower("name")) || chr(31) || f_unaccent(lower("email"))) STORED;--> statement-breakpoint
CREATE INDEX "book_search_trgm" ON "book" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_search_trgm" ON "user" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "book_title_trgm";--> statement-breakpoint
DROP INDEX "book_author_trgm";--> statement-breakpoint
DROP INDEX "user_name_trgm";--> statement-breakpoint
DROP INDEX "user_email_trgm";--> statement-breakpoint
-- The lists' other orders (by author; by name or e-mail) walk their own index, as the title's does.
CREATE INDEX "book_author_id" ON "book" USING btree ("author","id");--> statement-breakpoint
CREATE INDEX "user_name_id" ON "user" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "user_email_id" ON "user" USING btree ("email","id");--> statement-breakpoint
ANALYZE "book";--> statement-breakpoint
ANALYZE "user";

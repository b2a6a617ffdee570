-- Terms of 1 or 2 characters through an index (decision 045). A trigram index cannot serve them, so
-- each such search read the whole search column (43 ms for a rare pair over 100 000 books on
-- PostgreSQL, about 105 ms embedded) to count its matches. Each row now also keeps its search text
-- with every character written three times ('ab' → 'aaabbb'), with a trigram index of its own. A
-- short term, tripled the same way, is 3 or 6 characters long and holds trigrams ('qz' → 'qqq',
-- 'qqz', 'qzz', 'zzz'), and the tripled text contains the tripled term exactly when the text contains
-- the term: no false match to weed out. A frequent term still stops a plain scan within a few rows,
-- and the `like` on a stored column costs that scan little (a function per row would cost 20–90 µs).
ALTER TABLE "book" ADD COLUMN "search_tripled" text GENERATED ALWAYS AS (regexp_replace(f_unaccent(lower("title")) || chr(31) || f_unaccent(lower("author")), '(.)', '\1\1\1', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "search_tripled" text GENERATED ALWAYS AS (regexp_replace(f_unaccent(lower("name")) || chr(31) || f_unaccent(lower("email")), '(.)', '\1\1\1', 'g')) STORED;--> statement-breakpoint
CREATE INDEX "book_search_tripled_trgm" ON "book" USING gin ("search_tripled" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "user_search_tripled_trgm" ON "user" USING gin ("search_tripled" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
ALTER TABLE "book" ALTER COLUMN "search_tripled" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "user" ALTER COLUMN "search_tripled" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "book";--> statement-breakpoint
ANALYZE "user";

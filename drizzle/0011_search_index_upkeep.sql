-- The search indexes answer from their main structure only (decision 044). A GIN index with
-- `fastupdate` on (the default) keeps new entries in a pending list, up to 4 MB, that every search
-- reads through from start to end until a vacuum merges it: after seeding 100 000 books the list
-- held 493 pages, and a trigram search read 538 index pages instead of 45. Books, people and genres
-- are read far more often than written, so each write now updates the index itself.
ALTER INDEX "book_search_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "user_search_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "genre_name_trgm" SET (fastupdate = off);--> statement-breakpoint
-- The audit log is written on every action, but an admin's search must not read a 4 MB list either.
ALTER INDEX "audit_event_search_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('book_search_trgm'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('user_search_trgm'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('genre_name_trgm'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('audit_event_search_trgm'::regclass);--> statement-breakpoint
-- A finer histogram of the search column: the planner's guess of how many rows a term matches
-- decides between the trigram index and a scan that stops at the count cap (1 001 rows). With the
-- default 100 buckets a term matching 250 books was guessed at 1 016, so the planner expected the
-- scan to stop early, and it read the whole table (34 ms instead of 9 ms).
ALTER TABLE "book" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "user" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "book";--> statement-breakpoint
ANALYZE "user";

-- A search's page walks the list's order through an index that holds what the search looks at
-- (decision 048). The books list's two orders keep their `(column, id)` indexes, now carrying the
-- search text and the genre: a page of a search walks the order reading the index alone (about
-- 0.1 µs a row when the index is in memory, against about 8 µs with a table read per row), and stops
-- at the page's last match. Before, a term matching a tenth of 1 000 000 books whose matches sat late
-- in the order read every match from the table to sort them (300–600 ms); the walk to them costs
-- at most one pass over the index. A walk reads the table only for rows on pages changed since the
-- last vacuum (the visibility map).
DROP INDEX "book_title_id";--> statement-breakpoint
CREATE INDEX "book_title_id" ON "book" USING btree ("title","id") INCLUDE ("search_text","genre_id");--> statement-breakpoint
DROP INDEX "book_author_id";--> statement-breakpoint
CREATE INDEX "book_author_id" ON "book" USING btree ("author","id") INCLUDE ("search_text","genre_id");

-- A book's cover: the URL of its stored picture (src/server/storage, decision 037), null for the coloured tile.
ALTER TABLE "book" ADD COLUMN "cover_image" text;

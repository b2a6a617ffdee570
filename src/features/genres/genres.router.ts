/** Genres API: list and get for readers; create for catalogue editors (book: create). */
import { asc, eq } from 'drizzle-orm';
import { z } from '#/lib/zod';
import { apiError } from '#/server/api-errors.ts';
import { actingIn, recordAuditEvent } from '#/server/audit/record.ts';
import { uniqueViolation } from '#/server/db/errors.ts';
import { genre } from '#/server/db/schema.ts';
import { contains } from '#/server/db/search.ts';
import { base } from '#/server/rpc.ts';
import { genreIdInputSchema, genreInputSchema, genreListInputSchema, genreSchema } from './genres.schema';

const columns = { id: genre.id, name: genre.name, color: genre.color };

export const genresRouter = {
  // A plain array, not a list page: the pickers (book form, books filter) need all of this short reference list.
  list: base
    .meta({ permission: { genre: ['read'] }, replica: true })
    .route({ method: 'GET', path: '/genres', summary: 'List genres', tags: ['genres'] })
    .input(genreListInputSchema)
    .output(z.array(genreSchema))
    .handler(({ input, context }) =>
      context.db
        .select(columns)
        .from(genre)
        .where(input.searchTerm ? contains(genre.name, input.searchTerm) : undefined)
        .orderBy(asc(genre.name))
        .limit(500),
    ),

  get: base
    .meta({ permission: { genre: ['read'] }, replica: true })
    .route({ method: 'GET', path: '/genres/{id}', summary: 'Get a genre', tags: ['genres'] })
    .input(genreIdInputSchema)
    .output(genreSchema)
    .handler(async ({ input, context }) => {
      const [row] = await context.db.select(columns).from(genre).where(eq(genre.id, input.id));
      if (!row) throw apiError('NOT_FOUND', context.t('catalog:genre.notFound'));
      return row;
    }),

  create: base
    // The roles grant genres only `read`: creating one is part of editing the catalogue.
    .meta({ permission: { book: ['create'] } })
    .route({ method: 'POST', path: '/genres', successStatus: 201, summary: 'Create a genre', tags: ['genres'] })
    .input(genreInputSchema)
    .output(genreSchema)
    .handler(async ({ input, context }) => {
      try {
        return await context.db.transaction(async (tx) => {
          const [row] = await tx.insert(genre).values({ id: crypto.randomUUID(), name: input.name, color: input.color }).returning(columns);
          await recordAuditEvent(tx, {
            ...actingIn(context),
            action: 'genre.created',
            target: { type: 'genre', id: row!.id, label: row!.name },
          });
          return row!;
        });
      } catch (error) {
        if (uniqueViolation(error)) throw apiError('CONFLICT', context.t('catalog:genre.nameTaken'), { field: 'name' });
        throw error;
      }
    }),
};

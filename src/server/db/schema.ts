/**
 * The database schema: one source of truth for tables and their TypeScript types.
 * The auth tables follow Better Auth's model (core + admin plugin fields + `onboardedAt`);
 * `drizzle-kit generate` turns changes here into reviewed SQL under drizzle/.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_email_unique').on(sql`lower(${t.email})`),
    index('user_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('user_email_trgm').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('user_created_at_id').on(t.createdAt, t.id),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    ...timestamps,
  },
  (t) => [index('session_user_id').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_id').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier').on(t.identifier)],
);

export const genre = pgTable(
  'genre',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('genre_name_unique').on(sql`lower(${t.name})`),
    index('genre_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const book = pgTable(
  'book',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    genreId: text('genre_id').references(() => genre.id, { onDelete: 'set null' }),
    publisher: text('publisher'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('book_title_author_unique').on(sql`lower(${t.title})`, sql`lower(${t.author})`),
    index('book_title_trgm').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('book_author_trgm').using('gin', sql`lower(${t.author}) gin_trgm_ops`),
    index('book_genre_id').on(t.genreId),
    index('book_title_id').on(t.title, t.id),
  ],
);

export type User = typeof user.$inferSelect;
export type Session = typeof session.$inferSelect;
export type Genre = typeof genre.$inferSelect;
export type Book = typeof book.$inferSelect;

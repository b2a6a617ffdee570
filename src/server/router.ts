import { apiKeysRouter } from '#/features/api-keys/api-keys.router';
import { webhooksRouter } from '#/features/webhooks/webhooks.router';
import { accountRouter } from '#/features/account/account.router';
import { auditRouter } from '#/features/audit/audit.router';
import { booksRouter } from '#/features/books/books.router';
import { dashboardRouter } from '#/features/dashboard/dashboard.router';
import { genresRouter } from '#/features/genres/genres.router';
import { organizationsRouter } from '#/features/organizations/organizations.router';
import { usersRouter } from '#/features/users/users.router';

export const router = {
  books: booksRouter,
  genres: genresRouter,
  users: usersRouter,
  dashboard: dashboardRouter,
  account: accountRouter,
  organizations: organizationsRouter,
  audit: auditRouter,
  apiKeys: apiKeysRouter,
  webhooks: webhooksRouter,
};

export type AppRouter = typeof router;

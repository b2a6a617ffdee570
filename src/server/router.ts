import { apiKeysRouter } from '#/features/api-keys/api-keys.router';
import { organizationApiKeysRouter } from '#/features/api-keys/organization-api-keys.router';
import { webhooksRouter } from '#/features/webhooks/webhooks.router';
import { accountRouter } from '#/features/account/account.router';
import { connectedAppsRouter } from '#/features/connected-apps/connected-apps.router';
import { auditRouter } from '#/features/audit/audit.router';
// example:start
import { booksRouter } from '#/features/books/books.router';
import { genresRouter } from '#/features/genres/genres.router';
// example:end
import { dashboardRouter } from '#/features/dashboard/dashboard.router';
import { organizationsRouter } from '#/features/organizations/organizations.router';
import { usersRouter } from '#/features/users/users.router';

export const router = {
  // example:start
  books: booksRouter,
  genres: genresRouter,
  // example:end
  users: usersRouter,
  dashboard: dashboardRouter,
  account: accountRouter,
  connectedApps: connectedAppsRouter,
  organizations: organizationsRouter,
  audit: auditRouter,
  apiKeys: apiKeysRouter,
  organizationApiKeys: organizationApiKeysRouter,
  webhooks: webhooksRouter,
};

export type AppRouter = typeof router;

import { test as base } from '@playwright/test';
import { startApp, type AppServer } from './app-server';

/** One production server per worker, on a fresh embedded database. */
export const test = base.extend<{ app: AppServer }, { appServer: AppServer }>({
  appServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
    async ({}, use) => {
      const server = await startApp();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  app: async ({ appServer }, use) => use(appServer),
  baseURL: async ({ appServer }, use) => use(appServer.url),
});

export { expect } from '@playwright/test';

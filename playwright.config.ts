import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './e2e/support/chromium.ts';

/** End-to-end tests drive Debian's Chromium against the production build (`npm run build` first). */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // Every process a test starts is stopped when the run ends, pass or fail (e2e/support/processes.ts).
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
    trace: 'retain-on-failure',
    // A click on something that never becomes actionable fails with its reason, not the test timeout.
    actionTimeout: 15_000,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: [{ find: /^#\/(.*)$/, replacement: `${import.meta.dirname}/src/$1` }] },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    environment: 'node',
    // Each test file runs in its own process, on its own throwaway embedded database.
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', BASE_URL: 'http://localhost:3000' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['tests/support/setup.ts'],
    globalSetup: ['tests/support/pglite-template.ts'],
  },
});

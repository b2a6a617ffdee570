import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: [{ find: /^#\/(.*)$/, replacement: `${import.meta.dirname}/src/$1` }] },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    environment: 'node',
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['tests/support/setup.ts'],
  },
});

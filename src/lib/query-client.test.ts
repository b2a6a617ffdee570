import { describe, expect, it } from 'vitest';
import { createQueryClient, RETRY_DELAY } from './query-client';

describe('query defaults (docs/product.md, Constants)', () => {
  it('retries queries 3 times in the browser, never on the server, and never mutations', () => {
    const server = createQueryClient().getDefaultOptions();
    expect(server.queries?.retry).toBe(0);
    expect(server.mutations?.retry).toBe(0);
    expect(server.queries?.gcTime).toBe(5 * 60 * 1000);
    const g = globalThis as { window?: unknown };
    g.window = {};
    try {
      expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(3);
    } finally {
      delete g.window;
    }
  });

  it('waits 1 s, doubling per attempt, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(RETRY_DELAY)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

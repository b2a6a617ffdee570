// The read-your-writes markers on both stores (the replicas themselves: replicas.test.ts).
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPglite } from '../../../tests/support/databases.ts';
import { writeMarkers } from './read-your-writes.ts';

const handle = await freshPglite();
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
const redisUp = await redis.connect().then(
  () => true,
  () => false,
);
if (!redisUp) console.warn(`Read-your-writes markers in Redis skipped: nothing answers at ${redisUrl} (TEST_REDIS_URL)`);

afterAll(async () => {
  await handle.close();
  if (redisUp) await redis.quit();
});

const stores = [
  { name: 'the rate-limit table', store: () => ({ db: handle.db }), run: true },
  { name: 'Redis', store: () => ({ redis }), run: redisUp },
];

describe.each(stores)('read-your-writes markers in $name', ({ store, run }) => {
  it.runIf(run)("marks one person, not another, for the window's length", async () => {
    const markers = writeMarkers(store(), 1);
    const [writer, other] = [crypto.randomUUID(), crypto.randomUUID()];
    expect(await markers.marked(writer)).toBe(false);
    await markers.mark(writer);
    expect(await markers.marked(writer)).toBe(true);
    expect(await markers.marked(other)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await markers.marked(writer)).toBe(false);
    // A second write renews it.
    await markers.mark(writer);
    expect(await markers.marked(writer)).toBe(true);
  });
});

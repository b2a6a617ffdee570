import { Redis } from 'ioredis';
import { logger } from './logger.ts';
import { processWide } from './process-wide.ts';

const connections = new Map<string, Redis>();

export function redisConnection(url: string): Redis {
  let client = connections.get(url);
  if (!client) {
    // Also when the dev server evaluates this module again after an edit.
    client = processWide(`redis:${url}`, () => {
      const created = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
      created.on('error', (error) => logger().warn({ err: error }, 'redis error'));
      return created;
    });
    connections.set(url, client);
  }
  return client;
}

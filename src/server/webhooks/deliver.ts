// Each delivery is a job on the queue (docs/decisions/074-webhooks.md): one POST, signed per Standard Webhooks,
// 10 s at most from the first byte sent to the answer's status line, no redirect followed. A refusal or a
// failure throws, and pg-boss tries again later with growing waits; after MAX_ATTEMPTS the delivery is failed,
// the endpoint marked failing and whoever made it told.
import http from 'node:http';
import https from 'node:https';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { webhookDelivery, webhookEndpoint } from '../db/schema.ts';
import { env, type Env } from '../env.ts';
import { logger } from '../logger.ts';
import type { QueueDefinition } from '../queue/queue.ts';
import { WEBHOOK_QUEUE } from './emit.ts';
import { signedHeaders } from './signature.ts';
import { guardedLookup, targetProblem, type TargetRules } from './target.ts';

/**
 * The first try and nine retries. pg-boss waits 15–30 s (the default WEBHOOK_RETRY_SECONDS, with jitter),
 * then twice as long each time up to an hour: the tenth attempt comes 2 to 3 hours after the first.
 */
export const MAX_ATTEMPTS = 10;
const TIMEOUT_MS = 10_000;

/** `db`: the app's database once open (src/server/db/index.ts starts the queue with it). */
export function webhookQueue(db: () => Promise<Database>, e: Env = env()): QueueDefinition<{ deliveryId: string }> {
  return {
    name: WEBHOOK_QUEUE,
    options: {
      // Our own count (`attempts`) decides when to stop; pg-boss's limit is only a backstop.
      retryLimit: MAX_ATTEMPTS + 1,
      retryDelay: e.webhooks.retrySeconds,
      retryBackoff: true,
      retryDelayMax: 3_600,
      expireInSeconds: 60,
      deleteAfterSeconds: 86_400,
      retentionSeconds: 7 * 86_400,
    },
    work: async ({ deliveryId }) => deliver(await db(), deliveryId, e),
  };
}

interface Outcome {
  status: number | null;
  ms: number | null;
  error: string | null;
}

/** One POST; the answer's status is all that is read. */
function post(url: URL, headers: Record<string, string>, body: string, rules: TargetRules): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Springboard-Webhooks/1' },
      lookup: guardedLookup(rules),
      // The whole exchange, not an idle limit: a receiver that trickles its answer is cut off too.
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    request.on('response', (response) => {
      resolve({ status: response.statusCode ?? 0, ms: Math.round(performance.now() - started), error: null });
      response.destroy();
    });
    request.on('error', (error) =>
      resolve({
        status: null,
        ms: Math.round(performance.now() - started),
        error: error.name === 'AbortError' ? `no answer within ${TIMEOUT_MS / 1000} s` : error.message,
      }),
    );
    request.end(body);
  });
}

export async function deliver(db: Database, deliveryId: string, e: Env = env()): Promise<void> {
  const [row] = await db
    .select({ delivery: webhookDelivery, endpoint: webhookEndpoint })
    .from(webhookDelivery)
    .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, webhookDelivery.endpointId))
    .where(eq(webhookDelivery.id, deliveryId));
  // Gone with its endpoint, delivered already (a job run twice), or the endpoint switched off: nothing to do.
  if (!row || row.delivery.status !== 'pending' || !row.endpoint.enabled) return;
  const { delivery, endpoint } = row;

  const problem = targetProblem(endpoint.url, e.webhooks);
  const outcome: Outcome = problem
    ? { status: null, ms: null, error: problem }
    : await post(
        new URL(endpoint.url),
        signedHeaders(endpoint.secret, delivery.id, Math.floor(Date.now() / 1000), delivery.body),
        delivery.body,
        e.webhooks,
      );
  const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const attempts = delivery.attempts + 1;
  const status = delivered ? 'delivered' : attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
  await db
    .update(webhookDelivery)
    .set({ attempts, status, responseStatus: outcome.status, responseMs: outcome.ms, error: outcome.error, lastAttemptAt: new Date() })
    .where(eq(webhookDelivery.id, delivery.id));

  if (delivered) {
    if (endpoint.failingSince) await db.update(webhookEndpoint).set({ failingSince: null }).where(eq(webhookEndpoint.id, endpoint.id));
    return;
  }
  if (status === 'failed') {
    logger().warn({ endpoint: endpoint.id, delivery: delivery.id, attempts }, 'webhook delivery given up');
    if (!endpoint.failingSince) {
      await db.update(webhookEndpoint).set({ failingSince: new Date() }).where(eq(webhookEndpoint.id, endpoint.id));
      // Loaded when needed: the database scripts (plain Node) load this module too.
      const { tellOwner } = await import('./failing-notice.ts');
      await tellOwner(db, endpoint, MAX_ATTEMPTS);
    }
    return;
  }
  throw new Error(`webhook ${delivery.id} to endpoint ${endpoint.id}: ${outcome.error ?? `answered ${outcome.status}`}`);
}

// Each delivery is a job on the queue (docs/decisions/074-webhooks.md): one POST, signed per Standard Webhooks,
// 10 s at most from the first byte sent to the answer's status line, no redirect followed. A refusal or a
// failure throws, and pg-boss tries again later with growing waits; after MAX_ATTEMPTS the delivery is failed,
// the endpoint marked failing and whoever made it told.
import http from 'node:http';
import https from 'node:https';
import { and, eq, sql } from 'drizzle-orm';
// Relative: the database scripts (plain Node) load this module too.
import type { DeliveryProblem } from '../../lib/webhook-events.ts';
import { identityToken } from '../../lib/identity.ts';
import type { Database } from '../db/client.ts';
import { webhookDelivery, webhookEndpoint } from '../db/schema.ts';
import { env, type Env } from '../env.ts';
import { logger } from '../logger.ts';
import type { QueueDefinition } from '../queue/queue.ts';
import { DELIVERY_PRIORITY, WEBHOOK_QUEUE } from './emit.ts';
import { signedHeaders } from './signature.ts';
import { guardedLookup, targetProblem, type TargetRules } from './target.ts';

/**
 * The first try and nine retries. pg-boss waits 15–30 s (the default WEBHOOK_RETRY_SECONDS, with jitter),
 * then twice as long each time up to an hour: the tenth attempt comes 2 to 3 hours after the first.
 */
export const MAX_ATTEMPTS = 10;
export const DELIVERY_TIMEOUT_MS = 10_000;
/**
 * Attempts in a row, any deliveries', that failed slowly before the endpoint is switched off: no answer within
 * the 10 s, or a failure that took SLOW_FAILURE_MS or more (a 500 after 9.5 s held a worker as long as a timeout
 * and was never counted: issue #53 round 3). A quick answer, or a delivery, ends the run. About a minute and a
 * half for one delivery's retries; its maker is told, and turns it on again (a fresh count: their choice).
 */
export const TIMEOUTS_BEFORE_OFF = 3;
/** Half the limit: a failure this slow costs the others' slots as much as a timeout does. */
export const SLOW_FAILURE_MS = DELIVERY_TIMEOUT_MS / 2;

/** Each instance's slots for the product's deliveries, and as many for a quiet tenant's, beside WEBHOOK_WORKERS. */
const RESERVED_SLOTS = 2;

/** `<Name>-Webhooks/1` (src/lib/identity.ts): the product's name, so that a receiver's log says who called. */
const USER_AGENT = `${identityToken}-Webhooks/1`;

/** `db`: the app's database once open (src/server/db/index.ts starts the queue with it). */
export function webhookQueue(db: () => Promise<Database>, e: Env = env()): QueueDefinition<{ deliveryId: string; manual?: boolean }> {
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
    // Each delivery in its own slot, and one owner's at most a few of them (src/server/webhooks/emit.ts); besides,
    // slots for the product's own deliveries and for a quiet tenant's, which the busy ones cannot take (decision 077).
    concurrency: e.webhooks.workers,
    perGroup: e.webhooks.workersPerOwner,
    reserved: [
      { slots: RESERVED_SLOTS, minPriority: DELIVERY_PRIORITY.product },
      { slots: RESERVED_SLOTS, minPriority: DELIVERY_PRIORITY.fresh, perGroup: 1 },
    ],
    retriedBelow: DELIVERY_PRIORITY.fresh,
  };
}

interface Outcome {
  status: number | null;
  ms: number | null;
  /** Stored and shown: one of a fixed list. */
  error: DeliveryProblem | null;
  /** The server's log only. */
  detail?: string;
}

const DNS_FAILURES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'ENODATA', 'ESERVFAIL', 'ENONAME']);

/** A socket's error as the fixed code the owner sees. */
function problemOf(error: NodeJS.ErrnoException): DeliveryProblem {
  if (error.name === 'AbortError') return 'WEBHOOK_TIMEOUT';
  const code = error.code ?? '';
  if (code === 'EPRIVATE') return 'WEBHOOK_PRIVATE_ADDRESS';
  if (DNS_FAILURES.has(code) || error.syscall === 'getaddrinfo') return 'WEBHOOK_NAME_NOT_RESOLVED';
  if (code === 'ECONNREFUSED') return 'WEBHOOK_CONNECTION_REFUSED';
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|EPROTO$)/.test(code)) return 'WEBHOOK_TLS_FAILED';
  return 'WEBHOOK_CONNECTION_FAILED';
}

/** One POST; the answer's status is all that is read. */
function post(url: URL, headers: Record<string, string>, body: string, rules: TargetRules): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'user-agent': USER_AGENT },
      lookup: guardedLookup(rules),
      // The whole exchange, not an idle limit: a receiver that trickles its answer is cut off too.
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    request.on('response', (response) => {
      resolve({ status: response.statusCode ?? 0, ms: Math.round(performance.now() - started), error: null });
      response.destroy();
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        status: null,
        ms: Math.round(performance.now() - started),
        error: problemOf(error),
        detail: error.name === 'AbortError' ? `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : error.message,
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

  const slowFailure = !delivered && (outcome.error === 'WEBHOOK_TIMEOUT' || (outcome.ms ?? 0) >= SLOW_FAILURE_MS);
  // A delivery, or a quick answer (a refusal too), ends a run of slow failures.
  if (!slowFailure && outcome.status !== null && endpoint.timeoutsInARow) {
    await db.update(webhookEndpoint).set({ timeoutsInARow: 0 }).where(eq(webhookEndpoint.id, endpoint.id));
  }
  if (delivered) {
    if (endpoint.failingSince) await db.update(webhookEndpoint).set({ failingSince: null }).where(eq(webhookEndpoint.id, endpoint.id));
    return;
  }
  if (slowFailure && (await switchedOffForTimeouts(db, endpoint))) return;
  if (status === 'failed') {
    logger().warn({ endpoint: endpoint.id, delivery: delivery.id, attempts }, 'webhook delivery given up');
    if (!endpoint.failingSince) {
      await db.update(webhookEndpoint).set({ failingSince: new Date() }).where(eq(webhookEndpoint.id, endpoint.id));
      // Loaded when needed: the database scripts (plain Node) load this module too.
      const { tellOwner } = await import('./failing-notice.ts');
      await tellOwner(db, endpoint, { kind: 'failing', times: MAX_ATTEMPTS });
    }
    return;
  }
  throw new Error(`webhook ${delivery.id} to endpoint ${endpoint.id}: ${outcome.detail ?? outcome.error ?? `answered ${outcome.status}`}`);
}

/** Counts a slow failure; at TIMEOUTS_BEFORE_OFF switches the endpoint off and tells its maker, once. True if it did. */
async function switchedOffForTimeouts(db: Database, endpoint: typeof webhookEndpoint.$inferSelect): Promise<boolean> {
  const [counted] = await db
    .update(webhookEndpoint)
    .set({ timeoutsInARow: sql`${webhookEndpoint.timeoutsInARow} + 1` })
    .where(eq(webhookEndpoint.id, endpoint.id))
    .returning({ timeouts: webhookEndpoint.timeoutsInARow });
  if (!counted || counted.timeouts < TIMEOUTS_BEFORE_OFF) return false;
  // Several deliveries may time out at once: the one that switches it off tells the owner.
  const [off] = await db
    .update(webhookEndpoint)
    .set({ enabled: false, failingSince: endpoint.failingSince ?? new Date() })
    .where(and(eq(webhookEndpoint.id, endpoint.id), eq(webhookEndpoint.enabled, true)))
    .returning({ id: webhookEndpoint.id });
  if (!off) return true;
  logger().warn({ endpoint: endpoint.id, timeouts: counted.timeouts }, 'webhook endpoint switched off: slow failures in a row');
  const { tellOwner } = await import('./failing-notice.ts');
  await tellOwner(db, endpoint, { kind: 'off', times: counted.timeouts });
  return true;
}

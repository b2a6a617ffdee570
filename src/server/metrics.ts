// Prometheus metrics on a port of their own (METRICS_PORT; off by default, never the public port):
// requests by route template and status, the database pool, the job queue, and prom-client's process
// metrics (memory, CPU, event-loop delay). Off, recording a request is one boolean test.
import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { currentDatabase, currentReplicas } from './db/index.ts';
import { logger } from './logger.ts';
import { jobFailures as failuresByQueue, runningQueue } from './queue/queue.ts';

let registry: Registry | undefined;
let requests: Counter<'method' | 'route' | 'status'> | undefined;
let durations: Histogram<'method' | 'route' | 'status'> | undefined;

/**
 * What a request is labelled with when nothing matched it, whatever its status: a made-up path under
 * a prefix that answers 401 or 307 counts here, not as a series of its own. Every other label is a
 * template that matched (src/server/request-context.ts `setRouteTemplate`): a page's route id, a
 * procedure's route, an auth endpoint's path, or one of the pipeline's own (static files).
 */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Node answers any token as a method; the label takes the ones the app serves and one for the rest. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const methodLabel = (method: string) => (METHODS.has(method) ? method : 'OTHER');

export function recordRequest(method: string, route: string, status: number, seconds: number) {
  if (!requests || !durations) return;
  const labels = { method: methodLabel(method), route, status: String(status) };
  requests.inc(labels);
  durations.observe(labels, seconds);
}

function createRegistry(): Registry {
  const r = new Registry();
  collectDefaultMetrics({ register: r });
  requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered requests',
    labelNames: ['method', 'route', 'status'],
    registers: [r],
  });
  durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer (until the headers, for a streamed body)',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [r],
  });
  new Counter({
    name: 'queue_job_failures_total',
    help: 'Jobs that failed in this process (and were retried if their queue allows)',
    labelNames: ['queue'],
    registers: [r],
    collect() {
      this.reset();
      for (const [queue, count] of failuresByQueue()) this.inc({ queue }, count);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (the embedded database has none)',
    labelNames: ['state'],
    registers: [r],
    collect() {
      const stats = currentDatabase()?.poolStats?.();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  replicaMetrics(r);
  new Gauge({
    name: 'queue_jobs',
    help: 'Jobs in the queue by state (pg-boss counts, refreshed by its monitor)',
    labelNames: ['queue', 'state'],
    registers: [r],
    async collect() {
      const queues = await runningQueue()
        ?.getQueues()
        .catch(() => undefined);
      for (const q of queues ?? []) {
        this.set({ queue: q.name, state: 'ready' }, q.readyCount);
        this.set({ queue: q.name, state: 'deferred' }, q.deferredCount);
        this.set({ queue: q.name, state: 'active' }, q.activeCount);
        this.set({ queue: q.name, state: 'failed' }, q.failedCount);
      }
    },
  });
  return r;
}

/** Read replicas (DATABASE_REPLICA_URLS; none without): each one's lag and whether it answers, and where reads went. */
function replicaMetrics(r: Registry) {
  new Gauge({
    name: 'db_replica_lag_seconds',
    help: 'How long since the replica last had everything the primary had (checked every second)',
    labelNames: ['replica'],
    registers: [r],
    collect() {
      for (const s of currentReplicas()?.states() ?? []) if (s.lagSeconds !== null) this.set({ replica: s.name }, s.lagSeconds);
    },
  });
  new Gauge({
    name: 'db_replica_reachable',
    help: '1 when the replica answered its last check, 0 when its reads go to the primary',
    labelNames: ['replica'],
    registers: [r],
    collect() {
      for (const s of currentReplicas()?.states() ?? []) this.set({ replica: s.name }, s.reachable ? 1 : 0);
    },
  });
  new Counter({
    name: 'db_lag_tolerant_statements_total',
    help: "Statements of the lag-tolerant reads by the server that ran them (primary, replica-1, …); the share of each is its rate over the sum's",
    labelNames: ['server'],
    registers: [r],
    collect() {
      this.reset();
      for (const [server, n] of currentReplicas()?.reads() ?? []) this.inc({ server }, n);
    },
  });
}

/** Listens on `port` (on `host`) and answers GET /metrics; nothing else. */
export async function serveMetrics(port: number, host: string): Promise<Server> {
  const r = (registry ??= createRegistry());
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    r.metrics().then(
      (body) => res.writeHead(200, { 'Content-Type': r.contentType }).end(body),
      (error: unknown) => {
        logger().error({ err: error }, 'metrics not collected');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return server;
}

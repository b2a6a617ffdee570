// Prometheus metrics on a port of their own (METRICS_PORT; off by default, never the public port):
// requests by route and status, the database pool, the job queue, and prom-client's process
// metrics (memory, CPU, event-loop delay). Off, recording a request is one boolean test.
import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { currentDatabase } from './db/index.ts';
import { logger } from './logger.ts';
import { jobFailures as failuresByQueue, runningQueue } from './queue/queue.ts';

let registry: Registry | undefined;
let requests: Counter<'method' | 'route' | 'status'> | undefined;
let durations: Histogram<'method' | 'route' | 'status'> | undefined;

/** A random id in a path: a UUID, or a segment of 16+ letters and digits with a digit in it. */
const ID_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{16,}|\d+)$/i;

/** A bounded label: ids become `:id`, files under /assets and /uploads one label each, unknown paths one. */
export function routeLabel(pathname: string, status: number): string {
  if (status === 404) return '(not found)';
  if (pathname.startsWith('/assets/')) return '/assets/*';
  if (pathname.startsWith('/uploads/')) return '/uploads/*';
  return pathname
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment))
    .join('/');
}

export function recordRequest(method: string, pathname: string, status: number, seconds: number) {
  if (!requests || !durations) return;
  const labels = { method, route: routeLabel(pathname, status), status: String(status) };
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

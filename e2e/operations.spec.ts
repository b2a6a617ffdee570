// What an operator sees of a running server: request ids on answers and in the log, and metrics.
import { freePort, startApp } from './support/app-server';
import { expect, test } from './support/fixtures';

test('every answer carries X-Request-Id, and the request’s log lines carry the same id', async () => {
  const app = await startApp({ LOG_LEVEL: 'info' });
  try {
    // From a proxy on this host (TRUSTED_PROXIES defaults to loopback): its id is kept.
    const kept = await fetch(`${app.url}/api/health`, { headers: { 'X-Request-Id': 'lb-trace-0042' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-trace-0042');
    const made = await fetch(`${app.url}/login`);
    const id = made.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = () =>
      app
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { requestId?: string; msg?: string; path?: string });
    await expect.poll(() => lines().find((l) => l.requestId === 'lb-trace-0042')).toMatchObject({ msg: 'request', path: '/api/health' });
    await expect.poll(() => lines().find((l) => l.requestId === id)).toMatchObject({ msg: 'request', path: '/login' });
  } finally {
    await app.stop();
  }
});

test('METRICS_PORT serves Prometheus metrics on its own port: requests by route and status, the queue, memory, event-loop delay', async () => {
  const metricsPort = await freePort();
  const app = await startApp({ METRICS_PORT: String(metricsPort) });
  try {
    for (let i = 0; i < 3; i++) expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${app.url}/login`)).status).toBe(200);
    expect((await fetch(`${app.url}/no-such-page-${Date.now()}`)).status).toBe(404);
    // Never on the public port.
    expect((await fetch(`${app.url}/metrics`)).status).toBe(404);
    const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toContain('text/plain');
    const text = await scrape.text();
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/health",status="200"\} 3$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/login",status="200"\} 1$/m);
    // One label for every unknown path (here the page and /metrics on the public port): a scan cannot grow the series.
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\(not found\)",status="404"\} 2$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="\/api\/health",status="200"\} \d+$/m);
    expect(text).toMatch(/^queue_jobs\{queue="email",state="ready"\} \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
  } finally {
    await app.stop();
  }
});

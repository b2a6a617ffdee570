// What an operator sees of a running server: request ids on answers and in the log, metrics, traces.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { freePort, startApp } from './support/app-server';
import { expect, test } from './support/fixtures';
import { startSmtpSink } from './support/smtp-sink';

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
    // A page by its route id.
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/login\/",status="200"\} 1$/m);
    // One label for every path that matched nothing (here the page and /metrics on the public port): a scan cannot grow the series.
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\(unmatched\)",status="404"\} 2$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="\/api\/health",status="200"\} \d+$/m);
    expect(text).toMatch(/^queue_jobs\{queue="email",state="ready"\} \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
  } finally {
    await app.stop();
  }
});

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  service: string;
}

/** An OTLP/HTTP receiver (JSON), as a collector would be. */
async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          resourceSpans: Array<{
            resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
            scopeSpans: Array<{ spans: Omit<ReceivedSpan, 'service'>[] }>;
          }>;
        };
        for (const r of body.resourceSpans) {
          const service = r.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
          for (const s of r.scopeSpans) for (const span of s.spans) spans.push({ ...span, service });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, spans, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('with OTEL_EXPORTER_OTLP_ENDPOINT, a request is one trace under the caller’s traceparent: its queries and the queued e-mail inside, the SMTP send in the job’s', async () => {
  const receiver = await startOtlpReceiver();
  const sink = await startSmtpSink();
  const app = await startApp({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_SERVICE_NAME: 'app-e2e',
    OTEL_BSP_SCHEDULE_DELAY: '100',
    EMAIL_SERVER: sink.url,
    LOG_LEVEL: 'info',
  });
  try {
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const email = `traced.${Date.now()}@example.org`;
    const res = await fetch(`${app.url}/api/auth/email-otp/send-verification-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url, traceparent: `00-${traceId}-${callerSpan}-01` },
      body: JSON.stringify({ email, type: 'sign-in' }),
    });
    expect(res.status).toBe(200);
    await sink.waitForCode(email);

    const inTrace = () => receiver.spans.filter((s) => s.traceId === traceId);
    await expect.poll(() => inTrace().map((s) => s.name)).toEqual(expect.arrayContaining(['db query', 'queue send email']));
    // The request's own span ends with its answer, so it may come in a later export than those inside it.
    await expect
      .poll(() => inTrace().find((s) => s.parentSpanId === callerSpan)?.name)
      .toBe('POST /api/auth/email-otp/send-verification-otp');
    const server = inTrace().find((s) => s.parentSpanId === callerSpan)!;
    expect(server.service).toBe('app-e2e');
    // Every other span of the trace descends from the request's.
    const byId = new Map(inTrace().map((s) => [s.spanId, s]));
    const root = (s: ReceivedSpan): ReceivedSpan => (s.parentSpanId && byId.has(s.parentSpanId) ? root(byId.get(s.parentSpanId)!) : s);
    for (const span of inTrace()) expect(root(span).spanId, span.name).toBe(server.spanId);

    // The worker's trace: the SMTP exchange inside the job.
    await expect.poll(() => receiver.spans.find((s) => s.name === 'smtp send')).toBeTruthy();
    const smtp = receiver.spans.find((s) => s.name === 'smtp send')!;
    expect(receiver.spans.find((s) => s.spanId === smtp.parentSpanId)?.name).toBe('queue work email');

    // The request's log line names its trace.
    const line = app
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; path?: string; traceId?: string })
      .find((l) => l.msg === 'request' && l.path === '/api/auth/email-otp/send-verification-otp');
    expect(line?.traceId).toBe(traceId);
  } finally {
    await app.stop();
    await sink.close();
    await receiver.close();
  }
});

// OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (then sent over OTLP/HTTP,
// named OTEL_SERVICE_NAME): a span per request (a W3C `traceparent` from the caller is its
// parent), and under it the database queries, SMTP, S3 and the job queue. Off, `inSpan` is one
// boolean test and the SDK is never loaded.
import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import { identitySlug } from '../lib/identity.ts';
import type { Env } from './env.ts';
import { processWide } from './process-wide.ts';

const state = processWide('tracing', () => ({ shutdown: undefined as (() => Promise<void>) | undefined }));

const tracingOn = () => state.shutdown !== undefined;

/** Registers the SDK as the process's tracer provider; once. */
export async function startTracing(e: Env): Promise<void> {
  if (!e.otel.endpoint || tracingOn()) return;
  const { BatchSpanProcessor, NodeTracerProvider } = await import('@opentelemetry/sdk-trace-node');
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': e.otel.serviceName }),
    // The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and the other OTEL_EXPORTER_OTLP_* settings) itself.
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  state.shutdown = () => provider.shutdown();
}

/** Sends the spans not sent yet. */
export async function stopTracing(): Promise<void> {
  const shutdown = state.shutdown;
  state.shutdown = undefined;
  await shutdown?.();
}

const tracer = () => trace.getTracer(identitySlug);

function ended<T>(span: Span, work: Promise<T>): Promise<T> {
  return work.then(
    (value) => {
      span.end();
      return value;
    },
    (error: unknown) => {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      throw error;
    },
  );
}

/** `work` in a child span of the active one; just `work` when tracing is off. */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>, kind = SpanKind.INTERNAL): Promise<T> {
  if (!tracingOn()) return work();
  return tracer().startActiveSpan(name, { kind, attributes }, (span) => ended(span, work()));
}

/** A request's span, its parent taken from the caller's `traceparent`; `describe` names it once answered. */
export function inRequestSpan(request: Request, url: URL, work: (span: Span | undefined) => Promise<Response>): Promise<Response> {
  if (!tracingOn()) return work(undefined);
  const parent = propagation.extract(context.active(), request.headers, {
    get: (headers, key) => headers.get(key) ?? undefined,
    keys: (headers) => [...headers.keys()],
  });
  const attributes = { 'http.request.method': request.method, 'url.path': url.pathname };
  return tracer().startActiveSpan(`${request.method}`, { kind: SpanKind.SERVER, attributes }, parent, (span) => ended(span, work(span)));
}

/** The trace id of the active span, for the log lines. */
export function currentTraceId(): string | undefined {
  if (!tracingOn()) return undefined;
  return trace.getActiveSpan()?.spanContext().traceId;
}

/**
 * A database driver's `query` (or PGlite's `exec`) that runs each promise-style call in a span.
 * A call with a callback is node-postgres's pool calling its client: its own `query` has the span.
 */
export function tracedQuery<F extends (...args: never[]) => unknown>(system: 'postgresql', query: F): F {
  return function (this: unknown, ...args: Parameters<F>) {
    if (!tracingOn() || typeof args.at(-1) === 'function') return query.apply(this, args);
    const first = args[0] as unknown;
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    return inSpan(
      'db query',
      { 'db.system.name': system, 'db.query.text': text.slice(0, 2000) },
      async () => query.apply(this, args),
      SpanKind.CLIENT,
    );
  } as F;
}

// Tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT) costs nothing: the SDK is never loaded and a span is just the work.
import { describe, expect, it, vi } from 'vitest';
import { env } from './env.ts';
import { currentTraceId, inSpan, startTracing } from './tracing.ts';

vi.mock('@opentelemetry/sdk-trace-node', () => {
  throw new Error('the tracing SDK was loaded');
});
vi.mock('@opentelemetry/exporter-trace-otlp-http', () => {
  throw new Error('the OTLP exporter was loaded');
});

describe('tracing off', () => {
  it('loads no SDK, runs the work as it is, and gives log lines no trace id', async () => {
    expect(env().otel.endpoint).toBeFalsy();
    await expect(startTracing(env())).resolves.toBeUndefined();
    await expect(inSpan('work', {}, async () => 42)).resolves.toBe(42);
    await expect(inSpan('failing work', {}, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(currentTraceId()).toBeUndefined();
  });
});

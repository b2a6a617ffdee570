// Autocannon repeats one request per connection; these workloads build each request from earlier answers.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface HttpAnswer {
  /** 0 when the request failed without an answer (connection error, timeout). */
  status: number;
  /** To the answer's last byte. */
  ms: number;
  /** Time to first byte. */
  headersMs: number;
  headers: http.IncomingHttpHeaders;
  /** Possibly compressed. */
  raw: Buffer;
  error?: string;
}

export function httpClient(baseUrl: string, connections: number, timeoutMs = 30_000) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });

  function send(req: HttpRequest): Promise<HttpAnswer> {
    const body = req.body === undefined ? undefined : Buffer.from(JSON.stringify(req.body));
    const headers = body ? { ...req.headers, 'content-type': 'application/json', 'content-length': String(body.length) } : req.headers;
    const t0 = performance.now();
    return new Promise((resolve) => {
      let headersMs = NaN;
      const fail = (error: Error) =>
        resolve({ status: 0, ms: performance.now() - t0, headersMs, headers: {}, raw: Buffer.alloc(0), error: error.message });
      const r = http.request({ agent, hostname, port, method: req.method, path: req.path, headers }, (res) => {
        headersMs = performance.now() - t0;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', fail);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, headersMs, headers: res.headers, raw: Buffer.concat(chunks) }),
        );
      });
      r.setTimeout(timeoutMs, () => r.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      r.on('error', fail);
      r.end(body);
    });
  }

  return { send, close: () => agent.destroy() };
}

export type HttpClient = ReturnType<typeof httpClient>;

export function bodyText(answer: HttpAnswer): string {
  const encoding = answer.headers['content-encoding'];
  const raw = answer.raw;
  const plain =
    encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw;
  return plain.toString('utf8');
}

export function bodyJson<T>(answer: HttpAnswer): T | undefined {
  try {
    return JSON.parse(bodyText(answer)) as T;
  } catch {
    return undefined;
  }
}

function percentile(sorted: Float64Array, p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface Latencies {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function latencies(values: number[]): Latencies {
  const sorted = Float64Array.from(values).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
  };
}

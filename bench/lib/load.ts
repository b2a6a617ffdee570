// Latency percentiles are computed here: autocannon's own summary has no p95.
import autocannon from 'autocannon';

export interface LoadTarget {
  name: string;
  label: string;
  url: string;
  headers?: Record<string, string>;
  /** Fetched after each run: it answers once that run's queued requests are done, so they do not slow the next. */
  drainUrl: string;
}

export interface LoadRun {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  failures: number;
}

export const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  seconds: Number(process.env.BENCH_DURATION ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
  runs: Number(process.env.BENCH_RUNS ?? 3),
};

/** The server may compress, exactly as it would for a visitor. */
export const BROWSER_HEADERS = {
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) springboard-bench',
};

function percentile(sorted: Float64Array, p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A run's leftover requests keep the server (and an embedded database) busy after the client hung up. */
async function drain(url: string) {
  const deadline = Date.now() + 120_000;
  let quick = 0;
  while (quick < 2) {
    const t0 = performance.now();
    const status = await fetch(url, { signal: AbortSignal.timeout(30_000) })
      .then(async (r) => (await r.arrayBuffer(), r.status))
      .catch(() => 0);
    quick = status === 200 && performance.now() - t0 < 100 ? quick + 1 : 0;
    if (Date.now() > deadline) throw new Error(`${url} still busy 2 minutes after a load run`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function load(target: LoadTarget, seconds: number, onTick?: (elapsed: number) => void): Promise<LoadRun> {
  const latencies: number[] = [];
  let elapsed = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: target.url, connections: LOAD.connections, duration: seconds, headers: { ...BROWSER_HEADERS, ...target.headers } },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
    instance.on('tick', () => onTick?.(Math.min(++elapsed, seconds)));
  });
  await drain(target.drainUrl);
  const sorted = Float64Array.from(latencies).sort();
  return {
    rps: result.requests.total / result.duration,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Failures are summed: any failure is reported. */
export function medianOfRuns(runs: LoadRun[]): LoadRun {
  // A run without any response has no latency: it counts as the slowest (Infinity).
  const m = (key: 'rps' | 'p50' | 'p95' | 'p99' | 'requests') => median(runs.map((r) => (Number.isNaN(r[key]) ? Infinity : r[key])));
  return {
    rps: m('rps'),
    p50: m('p50'),
    p95: m('p95'),
    p99: m('p99'),
    requests: m('requests'),
    failures: runs.reduce((n, r) => n + r.failures, 0),
  };
}

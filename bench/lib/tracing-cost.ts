// What OpenTelemetry tracing costs (docs/guides/deploying.md): the app's CPU time per request of the mix
// with OTEL_EXPORTER_OTLP_ENDPOINT set (every span exported to a collector this file starts) and unset,
// each side in a fresh server process, in the order off on on off so a steady drift of the machine cancels.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpClient } from './http-client.ts';
import { createMix, runMix, type MixSession } from './mix.ts';
import { cpuMs, type Server } from './processes.ts';
import type { Workload } from './workload.ts';

export interface TracingCost {
  /** App CPU per request, ms. */
  on: number;
  off: number;
  /** OTLP/HTTP export requests the collector answered while tracing was on. */
  exports: number;
  exportedBytes: number;
}

export async function measureTracingCost(o: {
  startServer: (env?: Record<string, string>) => Promise<Server>;
  onServer?: (server: Server) => void;
  sessions: MixSession[];
  workload: Workload;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  note: (text: string) => void;
}): Promise<TracingCost> {
  // An OTLP/HTTP collector that reads what it is sent and accepts it.
  const received = { exports: 0, bytes: 0 };
  const collector = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => (received.bytes += chunk.length));
    req.on('end', () => {
      received.exports++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

  const cpu = { on: 0, off: 0 };
  const requests = { on: 0, off: 0 };
  try {
    for (const [i, on] of [false, true, true, false].entries()) {
      const side = on ? 'on' : 'off';
      const server = await o.startServer(on ? { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'springboard-bench' } : {});
      o.onServer?.(server);
      const client = httpClient(server.url, o.connections);
      try {
        const mix = createMix(server.url, o.sessions, o.workload, 30 + i);
        const note = (t: number) => o.note(`tracing ${side} (${i + 1}/4): ${t} s`);
        await runMix(client, mix, { connections: o.connections, seconds: o.warmupSeconds, onTick: note });
        const before = cpuMs(server.pid);
        const run = await runMix(client, mix, { connections: o.connections, seconds: o.seconds, onTick: note });
        cpu[side] += cpuMs(server.pid) - before;
        requests[side] += run.requests;
        if (run.errors) throw new Error(`tracing ${side}: ${run.errors} errors, e.g. ${run.errorSamples[0]}`);
      } finally {
        client.close();
        await server.stop();
      }
    }
  } finally {
    collector.close();
  }
  // The batch exporter sends every few seconds and on shutdown: no export means nothing was traced.
  if (!received.exports) throw new Error('tracing on: the collector received no spans');
  return { on: cpu.on / requests.on, off: cpu.off / requests.off, exports: received.exports, exportedBytes: received.bytes };
}

import { currentReplicas, ready } from './db/index.ts';
import { logger } from './logger.ts';

const HEALTH_TIMEOUT_MS = 2000;

export async function checkHealth(): Promise<Response> {
  try {
    const handle = await ready();
    await Promise.race([
      handle.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), HEALTH_TIMEOUT_MS).unref()),
    ]);
    // A replica down or behind is reported, not a failure: its reads go to the primary meanwhile. Anyone may ask,
    // so only how many answer (decision 079); each replica's state and lag are in the metrics.
    const states = currentReplicas()?.states();
    const replicas = states && { configured: states.length, reachable: states.filter((state) => state.reachable).length };
    return Response.json(replicas ? { status: 'ok', replicas } : { status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    logger().warn({ err: error }, 'health check failed');
    return Response.json(
      { status: 'unavailable', code: 'SERVICE_UNAVAILABLE', message: 'The database is not answering' },
      { status: 503, headers: { 'Cache-Control': 'no-store' } },
    );
  }
}

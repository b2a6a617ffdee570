// What an operator sees of a running server: request ids on answers and in the log.
import { startApp } from './support/app-server';
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

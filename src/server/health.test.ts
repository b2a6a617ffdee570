// N6 (issue #53 round 3): anyone may call /api/health, so it says how many replicas answer, not which ones or how
// far behind each is (docs/decisions/079-health-replicas.md); the metrics keep the detail.
import { describe, expect, it, vi } from 'vitest';

const states = [
  { name: 'replica-1', reachable: true, lagSeconds: 0 },
  { name: 'replica-2', reachable: false, lagSeconds: null },
];

vi.mock('./db/index.ts', () => ({
  ready: async () => ({ ping: async () => {} }),
  currentReplicas: () => ({ states: () => states }),
}));

describe('/api/health', () => {
  it('N6: gives only how many replicas are configured and reachable, no name and no lag', async () => {
    const { checkHealth } = await import('./health.ts');
    const res = await checkHealth();
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ status: 'ok', replicas: { configured: 2, reachable: 1 } });
    expect(text).not.toMatch(/replica-1|lag/i);
  });
});

// OAuth for MCP clients needs an HTTPS address, or a loopback one in development (docs/decisions/105-agents-signed-in-with-oauth.md).
import { describe, expect, it } from 'vitest';
import { oauthForAgentsOn } from './oauth-agents.ts';

describe('OAuth for agents is on', () => {
  it.each([
    ['https://books.example.com', true],
    ['http://localhost:3000', true],
    ['http://127.0.0.1:4173', true],
    ['http://[::1]:3000', true],
    ['http://books.example.com', false],
    ['http://10.0.0.7:3000', false],
    ['http://127.example.com', false],
  ])('at %s: %s', (baseUrl, on) => {
    expect(oauthForAgentsOn({ baseUrl, demoMode: false })).toBe(on);
  });

  it('is off in a read-only demo, whatever the address', () => {
    expect(oauthForAgentsOn({ baseUrl: 'https://demo.example.com', demoMode: true })).toBe(false);
  });
});

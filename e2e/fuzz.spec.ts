import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { freePort, startApp } from './support/app-server';
import { ADMIN, clientHeaders, signInViaApi, USER } from './support/fixtures';
import {
  auditCsvTarget,
  dateCases,
  describeFailure,
  makeCases,
  mcpCases,
  openApiTargets,
  pageTargets,
  runCases,
  send,
  unknownPathCases,
  type FuzzCase,
  type McpTool,
  type OpenApiDocument,
} from './support/fuzz';
import { API_KEY_RESOURCES, roleHolds, statements } from '#/lib/permissions.ts';
import { startSmtpSink } from './support/smtp-sink';

// A client's input never gets a 5xx, nor an answer cut off after its status.
// `FUZZ_SEED=<seed> npx playwright test e2e/fuzz.spec.ts` replays a run; FUZZ_REQUESTS sends more.
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 32);
const REQUESTS = Math.max(2000, Number(process.env.FUZZ_REQUESTS ?? 2400));
const CONCURRENCY = 6;

const cookieHeader = async (request: APIRequestContext) =>
  (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');

test.describe('fuzz', () => {
  test.describe.configure({ timeout: 180_000 });

  test('finding 9: 2 000+ malformed requests over every API operation and page route get no 5xx', async ({ playwright }) => {
    console.log(`fuzz seed: ${SEED} (replay: FUZZ_SEED=${SEED} npx playwright test e2e/fuzz.spec.ts)`);
    expect(Number.isInteger(SEED), `FUZZ_SEED must be an integer, not ${process.env.FUZZ_SEED}`).toBe(true);
    const sink = await startSmtpSink();
    // Past the write budget, so that every write reaches its input's checks; the metrics, to read every request's label.
    const metricsPort = await freePort();
    const app = await startApp({ EMAIL_SERVER: sink.url, API_WRITES_PER_MINUTE: '1000000', METRICS_PORT: String(metricsPort) });
    const contexts: APIRequestContext[] = [];
    const signIn = async (email: string) => {
      const request = await playwright.request.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
      contexts.push(request);
      await signInViaApi(request, app, sink, email);
      return request;
    };
    try {
      const [admin, user, victim] = await Promise.all([signIn(ADMIN), signIn(USER), signIn(`fuzz.victim.${SEED}@example.org`)]);
      const cookies = { admin: await cookieHeader(admin), user: await cookieHeader(user), victim: await cookieHeader(victim) };
      const doc = (await (await admin.get('/api/openapi')).json()) as OpenApiDocument;
      const books = (await (await admin.get('/api/rpc/books?limit=5')).json()) as { items: Array<{ id: string }> };
      const genres = (await (await admin.get('/api/rpc/genres')).json()) as Array<{ id: string }>;
      const session = (await (await victim.get('/api/auth/get-session')).json()) as { user: { id: string; email: string } };
      const ids = {
        bookIds: books.items.map((b) => b.id),
        genreIds: genres.map((g) => g.id),
        victimId: session.user.id,
        victimEmail: session.user.email,
      };

      const targets = [...openApiTargets(doc), auditCsvTarget(doc), ...pageTargets(path.resolve(import.meta.dirname, '../src/routes'))];
      expect(targets.filter((t) => t.kind === 'page').length).toBeGreaterThan(15);
      // Only the auth endpoints that are on are in the document.
      expect(targets.filter((t) => t.kind === 'auth').length).toBeGreaterThan(40);
      const random = makeCases(SEED, REQUESTS, targets, ids, app.url);
      const dated = dateCases(targets, random.length);
      // G2: made-up paths under the prefixes that answer 401, 307 or 404, each carrying the marker.
      const marker = `zq${SEED.toString(36)}q`;
      const unknown = unknownPathCases(SEED, 300, random.length + dated.length, marker);
      const cases = [...random, ...dated, ...unknown];
      expect(dated.length, 'date cases').toBeGreaterThanOrEqual(24);

      const statuses = new Map<number, number>();
      const perTarget = new Map<string, number>();
      // Under these, a made-up first segment matches no route (under /api/rpc/users/ it is an {id}).
      const MATCHES_NOTHING = new RegExp(`^/(app/|manager/|api/auth/)?${marker}`);
      let answeredUnmatched = 0;
      const failures: string[] = [];
      const started = performance.now();
      await runCases(
        cases,
        CONCURRENCY,
        (fuzz: FuzzCase) => send(app.url, fuzz, fuzz.identity in cookies ? cookies[fuzz.identity as keyof typeof cookies] : undefined),
        (fuzz, answer) => {
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          perTarget.set(fuzz.target!, (perTarget.get(fuzz.target!) ?? 0) + 1);
          if (fuzz.kind === 'unknown-path' && answer.status > 0 && MATCHES_NOTHING.test(fuzz.path)) answeredUnmatched++;
          // 0: no answer at all (-1: node:http refused to send it, so nothing reached the server).
          if (answer.status >= 500 || answer.status === 0 || answer.cut) failures.push(describeFailure(SEED, fuzz, answer));
        },
      );
      const seconds = (performance.now() - started) / 1000;
      const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
      console.log(`fuzz: ${cases.length} requests over ${targets.length} targets in ${seconds.toFixed(1)} s (${histogram.join(', ')})`);

      expect(
        failures,
        `seed ${SEED}: ${failures.length} of ${cases.length} requests got a 5xx or no answer:\n${failures.join('\n')}`,
      ).toEqual([]);
      expect((statuses.get(-1) ?? 0) / cases.length, 'requests node:http refused to send').toBeLessThan(0.01);
      // Every operation and page route got its share.
      for (const target of targets)
        expect(perTarget.get(`${target.method} ${target.template}`) ?? 0, `${target.method} ${target.template}`).toBeGreaterThanOrEqual(5);
      // G2: no made-up path is a label; each counts under the one label for what matched nothing.
      const scrape = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const series = scrape.split('\n').filter((line) => line.startsWith('http_requests_total{'));
      const unmatched = series
        .filter((line) => line.includes('route="(unmatched)"'))
        .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
      expect(scrape.includes(marker), 'a made-up path in the metrics').toBe(false);
      expect(answeredUnmatched).toBeGreaterThan(100);
      expect(unmatched).toBeGreaterThanOrEqual(answeredUnmatched);
      const routes = new Set(series.map((line) => /route="([^"]*)"/.exec(line)?.[1]));
      expect(routes.size, [...routes].join('\n')).toBeLessThanOrEqual(targets.length + 10);
      // The fuzzing identities are intact: the run really was made as a user and an admin.
      expect((await admin.get('/api/rpc/dashboard')).status()).toBe(200);
      expect((await user.get('/api/rpc/books?limit=1')).status()).toBe(200);
    } finally {
      await Promise.all(contexts.map((c) => c.dispose()));
      await app.stop();
      await sink.close();
    }
  });

  test('the MCP endpoint: 600 malformed JSON-RPC requests, as an agent with a key and without one, get no 5xx', async ({ playwright }) => {
    console.log(`fuzz seed: ${SEED} (replay: FUZZ_SEED=${SEED} npx playwright test e2e/fuzz.spec.ts)`);
    const sink = await startSmtpSink();
    const app = await startApp({ EMAIL_SERVER: sink.url, API_WRITES_PER_MINUTE: '1000000' });
    const request = await playwright.request.newContext({ baseURL: app.url, extraHTTPHeaders: clientHeaders() });
    try {
      await signInViaApi(request, app, sink, ADMIN);
      // Everything an administrator may give a key: every tool is a target.
      const permissions = Object.fromEntries(
        API_KEY_RESOURCES.map((resource) => [
          resource,
          (statements[resource] as readonly string[]).filter((action) => roleHolds('admin')(resource, action)),
        ]),
      );
      // Two keys: the fuzz's 480 calls with one stay under each one's 300 a minute (src/server/auth.ts).
      const secrets: string[] = [];
      for (const name of [`Fuzz ${SEED}`, `Fuzz ${SEED} too`]) {
        const made = await request.post('/api/rpc/account/api-keys', { data: { name, expiresInDays: null, permissions } });
        expect(made.status()).toBe(200);
        secrets.push(((await made.json()) as { secret: string }).secret);
      }
      const secret = secrets[0]!;
      const listed = await request.post('/api/mcp', {
        headers: { Authorization: `Bearer ${secret}`, Accept: 'application/json, text/event-stream' },
        data: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
      expect(listed.status()).toBe(200);
      const { tools } = ((await listed.json()) as { result: { tools: McpTool[] } }).result;
      expect(tools.length).toBeGreaterThan(20);
      const books = (await (await request.get('/api/rpc/books?limit=5')).json()) as { items: Array<{ id: string }> };
      const ids = { bookIds: books.items.map((b) => b.id), genreIds: [], victimId: 'no-such-user', victimEmail: 'fuzz.nobody@example.org' };

      const cases = mcpCases(SEED, 600, 0, tools, ids, secrets);
      const failures: string[] = [];
      let results = 0;
      let toolErrors = 0;
      const statuses = new Map<number, number>();
      await runCases(
        cases,
        CONCURRENCY,
        (fuzz) => send(app.url, fuzz, undefined),
        (fuzz, answer) => {
          if (answer.status >= 500 || answer.status === 0 || answer.cut) failures.push(describeFailure(SEED, fuzz, answer));
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 200 && answer.excerpt.includes('"result"')) results++;
          if (answer.excerpt.includes('"isError":true')) toolErrors++;
        },
      );
      const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
      console.log(`mcp fuzz: ${cases.length} requests (${histogram.join(', ')}); ${results} results, ${toolErrors} tool errors`);
      expect(failures, `seed ${SEED}: ${failures.length} of ${cases.length} got a 5xx or no answer:\n${failures.join('\n')}`).toEqual([]);
      // The fuzz reached the tools: some calls ran, and the broken ones were refused as tool errors, not as crashes.
      expect(results, 'answers with a result').toBeGreaterThan(50);
      expect(toolErrors, 'tool errors').toBeGreaterThan(20);
      // The key still works: nothing it was sent broke it.
      expect((await request.get('/api/rpc/books?limit=1', { headers: { Authorization: `Bearer ${secret}` } })).status()).toBe(200);
    } finally {
      await request.dispose();
      await app.stop();
      await sink.close();
    }
  });
});

// `npm run bench -- --audit`: each /manager/audit filter's first page over 1 000 000 events on PostgreSQL
// (BENCH_DATABASE_URL or TEST_DATABASE_URL; BENCH_AUDIT_EVENTS, BENCH_AUDIT_EXPLAIN=1). Budget: 50 ms p95.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { auditConditions, readAuditEvents } from '../src/features/audit/audit-query.server.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { FIRST_NAMES, LAST_NAMES } from '../src/server/db/seed-data.ts';
import type { AuditFilter } from '../src/features/audit/audit.schema.ts';

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) {
  console.error('bench --audit needs BENCH_DATABASE_URL (or TEST_DATABASE_URL): a PostgreSQL server');
  process.exit(1);
}
const EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);
const TIMES = 50;
const BUDGET_MS = 50;

const name = `springboard_bench_audit_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create database "${name}"`);
const dbUrl = new URL(url);
dbUrl.pathname = `/${name}`;
const handle = await openDatabase({ kind: 'postgres', url: dbUrl.toString() });
const ms = (start: number) => performance.now() - start;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

try {
  await handle.migrate();
  const started = performance.now();
  await handle.db.execute(sql`
    insert into audit_event (created_at, action, actor_id, actor_name, target_type, target_id, target_label, ip_address, user_agent, changes)
    select now() - (n::double precision / ${EVENTS}) * interval '365 days',
           (array['auth.sign-in','auth.code-requested','auth.sign-out','book.updated','session.revoked','account.updated','auth.wrong-code',
                  'book.created','user.updated','book.deleted','user.banned','user.unbanned','user.role-changed','impersonation.started',
                  'impersonation.stopped','user.created','genre.created','demo.refused','account.onboarded','user.deleted'])[1 + (n * 7919) % 20],
           'user-' || (n * 31) % 5000,
           (string_to_array(${FIRST_NAMES.join('|')}, '|'))[1 + ((n * 31) % 5000) % ${FIRST_NAMES.length}] || ' ' ||
             (string_to_array(${LAST_NAMES.join('|')}, '|'))[1 + (((n * 31) % 5000) / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
           case when n % 3 = 0 then 'book' else 'user' end, 'target-' || (n * 13) % 100000, 'Label ' || (n * 13) % 100000,
           '198.18.' || (n % 250) || '.' || (n % 200), 'Mozilla/5.0 (bench)',
           case when n % 5 = 0 then '{"title":{"before":"a","after":"b"}}'::jsonb end
    from generate_series(1::bigint, ${EVENTS}::bigint) n`);
  await handle.db.execute(sql`analyze audit_event`);
  console.log(`audit_seed: ${Math.round(ms(started) / 1000)} s (${EVENTS} events)`);

  const month = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
  const monthEnd = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
  const filters: Array<[string, Partial<AuditFilter>]> = [
    ['none', {}],
    ['actor', { actorId: 'user-1234' }],
    ['action', { action: 'user.banned' }],
    ['target', { targetType: 'user', targetId: 'target-4242' }],
    ['action_and_dates', { action: 'user.updated', from: month, to: monthEnd }],
    ['actor_and_action', { actorId: 'user-77', action: 'auth.sign-in' }],
    // Actors are named from the seed's names: this one is a few actors' in 5 000.
    ['search', { searchTerm: `${FIRST_NAMES[0]} ${LAST_NAMES[0]}` }],
  ];
  const all: number[] = [];
  for (const [label, filter] of filters) {
    const where = auditConditions(filter);
    if (process.env.BENCH_AUDIT_EXPLAIN === '1') {
      const query = readAuditEvents(handle.db, where, null, 21) as unknown as { toSQL(): { sql: string; params: unknown[] } };
      const { sql: text, params } = query.toSQL();
      const client = new pg.Client({ connectionString: dbUrl.toString() });
      await client.connect();
      const plan = await client.query(`explain (analyze, buffers) ${text}`, params);
      console.log(label, plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      await client.end();
    }
    for (let i = 0; i < 5; i++) await readAuditEvents(handle.db, where, null, 21);
    const times: number[] = [];
    for (let i = 0; i < TIMES; i++) {
      const start = performance.now();
      await readAuditEvents(handle.db, where, null, 21);
      times.push(ms(start));
    }
    all.push(...times);
    console.log(`audit_list_first_page_${label}_p50_pg: ${percentile(times, 50).toFixed(2)} ms`);
    console.log(`audit_list_first_page_${label}_p95_pg: ${percentile(times, 95).toFixed(2)} ms`);
  }
  const p95 = percentile(all, 95);
  console.log(`audit_list_first_page_p95_pg: ${p95.toFixed(2)} ms`);
  console.log(`${p95 <= BUDGET_MS ? 'PASS' : 'FAIL'} audit_list_first_page_p95_pg: ${p95.toFixed(2)} ms (budget <= ${BUDGET_MS} ms)`);
} finally {
  await handle.close();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

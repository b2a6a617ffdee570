/**
 * `node --experimental-strip-types bench/cost-per-kind.ts`: what one request of each kind of the
 * realistic mix costs, in CPU time, the app's process and PostgreSQL's processes (read from /proc),
 * one kind at a time on the production server (dist/, `npm run build` first) and a seeded
 * PostgreSQL database (BENCH_DATABASE_URL, required: the bench's database). Each kind is sent
 * BENCH_REQUESTS times (600) at 4 in flight, twice; the second round is printed. Every search is a
 * new term. A random seeded reader is made admin for the run and put back after it (as the mix
 * does). BENCH_KINDS=a,b picks kinds. What decisions 049 and 050 were measured with; the mix's
 * own figure is `mix_server_cpu_per_request_*` in `npm run bench`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { cpuMs, startApp } from './lib/processes.ts';
import { signIn, startMailSink } from './lib/sign-in.ts';
import { postgresClient, prepareWorkload, restore } from './lib/workload.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required (a seeded PostgreSQL database)');
const count = Number(process.env.BENCH_REQUESTS ?? 600);
const inFlight = 4;

/** CPU time of every PostgreSQL server process, in ms (clock ticks of 10 ms). */
function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += cpuMs(Number(pid));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

const sql = await postgresClient(databaseUrl);
const workload = await prepareWorkload(sql, { sessions: 1, adminShare: 1 });
const mail = await startMailSink();
const server = await startApp({ EMAIL_SERVER: mail.url, DATABASE_URL: databaseUrl, AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x') });
try {
  const cookie = await signIn(server.url, mail, workload.people[0]!.email);
  const words = workload.bookWords.slice(0, 40);
  const term = (n: number) => `${words[n % words.length]!.slice(0, 4)}${String.fromCharCode(97 + ((n * 7) % 26))}`;
  const ids = workload.bookIds;
  const kinds: Record<string, (n: number) => string> = {
    get_session: () => '/api/auth/get-session',
    book_detail: (n) => `/api/rpc/books/${ids[n % ids.length]}`,
    books_search: (n) => `/api/rpc/books?limit=20&searchTerm=${term(n)}`,
    users_search: (n) => `/api/rpc/users?limit=20&searchTerm=${term(n)}`,
    ssr_books_search: (n) => `/app/books?searchTerm=${term(n)}`,
    ssr_users_search: (n) => `/manager/users?searchTerm=${term(n)}`,
    dashboard: () => '/manager/dashboard',
  };
  const chosen = (process.env.BENCH_KINDS ?? '').split(',').filter(Boolean);
  console.log(`kind                server CPU   PostgreSQL CPU   req/s (${inFlight} in flight, ${count} requests)`);
  for (const [kind, path] of Object.entries(kinds)) {
    if (chosen.length && !chosen.includes(kind)) continue;
    const accept = path(0).startsWith('/api/') ? 'application/json' : 'text/html';
    for (const round of [0, 1]) {
      let next = 0;
      const cpu0 = cpuMs(server.pid);
      const pg0 = postgresCpuMs();
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < count) {
            const n = round * count + next++;
            const res = await fetch(server.url + path(n), {
              // Its own client address per request: the auth API's quota is per address.
              headers: { cookie, accept, 'accept-encoding': 'gzip, br', 'x-forwarded-for': `10.9.${(n >> 8) & 255}.${n & 255}` },
            });
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`${path(n)}: ${res.status}`);
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      if (round === 1) {
        const server_ = ((cpuMs(server.pid) - cpu0) / count).toFixed(2);
        const pg = ((postgresCpuMs() - pg0) / count).toFixed(2);
        console.log(`${kind.padEnd(18)}  ${server_.padStart(7)} ms   ${pg.padStart(11)} ms   ${(count / seconds).toFixed(0).padStart(5)}`);
      }
    }
  }
} finally {
  await server.stop();
  await mail.close();
  // The prefix of books the run would have created: it creates none.
  await restore(sql, workload.people, 'Bench cost-per-kind ');
  await sql.close();
}

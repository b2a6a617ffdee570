// Issue #40's measure: the CPU time the app process spends per request, by kind, beside a floor
// server measured in the same run (bench/lib/floor-server.mjs: the first page of books for a signed-in
// cookie, by hand). Steadier than req/s on a busy machine, and the same ratio on a laptop or a big host.
import { bodyJson, httpClient } from './http-client.ts';
import { BROWSER_HEADERS } from './load.ts';
import { cpuMs, type Server } from './processes.ts';

export const CPU_PER_REQUEST = {
  requests: Number(process.env.BENCH_CPU_REQUESTS ?? 1500),
  warmup: 300,
  inFlight: 4,
};

interface Kind {
  name: string;
  path: string;
  as: 'user' | 'admin';
}

/** The API reads and the signed-in server renders the budget names (bench/lib/budget.ts). */
function kinds(bookId: string): Kind[] {
  return [
    { name: 'api_first_page', path: '/api/rpc/books?limit=20', as: 'user' },
    { name: 'api_book_detail', path: `/api/rpc/books/${bookId}`, as: 'user' },
    { name: 'api_get_session', path: '/api/auth/get-session', as: 'user' },
    { name: 'api_users_search', path: '/api/rpc/users?limit=20&searchTerm=ma', as: 'admin' },
    { name: 'ssr_app_books', path: '/app/books', as: 'user' },
    { name: 'ssr_manager_users_search', path: '/manager/users?searchTerm=ma', as: 'admin' },
    { name: 'ssr_manager_dashboard', path: '/manager/dashboard', as: 'admin' },
  ];
}

/** CPU ms per request of `path` on `server`, over `requests` after `warmup`, each from its own address. */
async function cpuPerRequest(server: Server, path: string, cookie: string, note: (text: string) => void): Promise<number> {
  const client = httpClient(server.url, CPU_PER_REQUEST.inFlight);
  const accept = path.startsWith('/api/') ? 'application/json' : 'text/html';
  let sent = 0;
  const burst = async (count: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CPU_PER_REQUEST.inFlight }, async () => {
        while (next < count) {
          next++;
          const n = sent++;
          // The auth API counts calls per address: as many people would send them.
          const ip = `198.18.${(n >> 8) & 255}.${(n & 255) + 1}`;
          const answer = await client.send({ method: 'GET', path, headers: { ...BROWSER_HEADERS, accept, cookie, 'x-forwarded-for': ip } });
          if (answer.status !== 200) throw new Error(`${server.url}${path}: ${answer.status || answer.error}`);
        }
      }),
    );
  };
  try {
    await burst(CPU_PER_REQUEST.warmup);
    note(`${path}: ${CPU_PER_REQUEST.requests} requests`);
    const before = cpuMs(server.pid);
    await burst(CPU_PER_REQUEST.requests);
    return (cpuMs(server.pid) - before) / CPU_PER_REQUEST.requests;
  } finally {
    client.close();
  }
}

export async function measureCpuPerRequest(o: {
  app: Server;
  floor: Server;
  cookies: { user: string; admin: string };
  record: (name: string, value: number, unit: string, extra?: Record<string, unknown>) => void;
  note: (text: string) => void;
}): Promise<number> {
  const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
  const floor = await cpuPerRequest(o.floor, '/api/rpc/books?limit=20', o.cookies.user, o.note);
  o.record('floor_api_first_page', round(floor, 3), 'ms', {
    note: 'CPU per request of bench/lib/floor-server.mjs: the first page of books for a signed-in cookie, by hand (node:http, pg, gzip)',
  });
  const one = httpClient(o.app.url, 1);
  const first = await one.send({
    method: 'GET',
    path: '/api/rpc/books?limit=1',
    headers: { ...BROWSER_HEADERS, accept: 'application/json', cookie: o.cookies.user },
  });
  one.close();
  const bookId = bodyJson<{ items: Array<{ id: string }> }>(first)?.items[0]?.id;
  if (!bookId) throw new Error('no book on the first page');
  for (const kind of kinds(bookId)) {
    const ms = await cpuPerRequest(o.app, kind.path, o.cookies[kind.as], o.note);
    o.record(`cpu_per_request_${kind.name}`, round(ms, 2), 'ms', { path: kind.path, as: kind.as });
    o.record(`cpu_per_request_${kind.name}_x_floor`, round(ms / floor, 1), '×');
  }
  return floor;
}

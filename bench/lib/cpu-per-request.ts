// Issue #40's measure: the CPU time the app process spends per request (its threads', to the ns), by kind, beside a floor
// server measured in the same run (bench/lib/floor-server.mjs: the first page of books for a signed-in
// cookie, by hand). Steadier than req/s on a busy machine, and the same ratio on a laptop or a big host.
import { bodyJson, httpClient } from './http-client.ts';
import { BROWSER_HEADERS } from './load.ts';
import { threadCpuMs, type Server } from './processes.ts';

export const CPU_PER_REQUEST = {
  /** Per kind and round; the median of the rounds is kept. */
  requests: Number(process.env.BENCH_CPU_REQUESTS ?? 600),
  rounds: 5,
  warmup: 200,
  inFlight: 4,
};

interface Kind {
  name: string;
  path: string;
  /** `key`: the user's API key instead of their cookie (decision 073). */
  as: 'user' | 'admin' | 'key';
}

/** The API reads and the signed-in server renders the budget names (bench/lib/budget.ts). */
function kinds(bookId: string): Kind[] {
  return [
    { name: 'api_first_page', path: '/api/rpc/books?limit=20', as: 'user' },
    { name: 'api_first_page_key', path: '/api/rpc/books?limit=20', as: 'key' },
    { name: 'api_book_detail', path: `/api/rpc/books/${bookId}`, as: 'user' },
    { name: 'api_get_session', path: '/api/auth/get-session', as: 'user' },
    { name: 'api_users_search', path: '/api/rpc/users?limit=20&searchTerm=ma', as: 'admin' },
    // What TanStack Start and React cost here: a static 20-row table through the root layout, no data.
    { name: 'ssr_framework_floor', path: '/bench/static-table', as: 'user' },
    { name: 'ssr_app_books', path: '/app/books', as: 'user' },
    { name: 'ssr_manager_users_search', path: '/manager/users?searchTerm=ma', as: 'admin' },
    { name: 'ssr_manager_dashboard', path: '/manager/dashboard', as: 'admin' },
  ];
}

/** Sends `count` requests of `path`, each from its own address; the CPU ms they cost `server`, per request. */
async function burst(server: Server, path: string, credentials: Record<string, string>, count: number): Promise<number> {
  const client = httpClient(server.url, CPU_PER_REQUEST.inFlight);
  const accept = path.startsWith('/api/') ? 'application/json' : 'text/html';
  let next = 0;
  try {
    const before = threadCpuMs(server.pid);
    await Promise.all(
      Array.from({ length: CPU_PER_REQUEST.inFlight }, async () => {
        while (next < count) {
          const n = next++;
          // The auth API counts calls per address: as many people would send them.
          const ip = `198.18.${(n >> 8) & 255}.${(n & 255) + 1}`;
          const answer = await client.send({
            method: 'GET',
            path,
            headers: { ...BROWSER_HEADERS, accept, ...credentials, 'x-forwarded-for': ip },
          });
          if (answer.status !== 200) throw new Error(`${server.url}${path}: ${answer.status || answer.error}`);
        }
      }),
    );
    return (threadCpuMs(server.pid) - before) / count;
  } finally {
    client.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The floor and every kind in turns, round after round, each kind's median kept: a drift of the
 * machine's speed (seen: 20 % between two servers started minutes apart) reaches every kind alike.
 */
export async function measureCpuPerRequest(o: {
  app: Server;
  floor: Server;
  cookies: { user: string; admin: string };
  /** The user's API key, its rate limit lifted. */
  apiKey: string;
  record: (name: string, value: number, unit: string, extra?: Record<string, unknown>) => void;
  note: (text: string) => void;
}): Promise<number> {
  const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
  const one = httpClient(o.app.url, 1);
  const first = await one.send({
    method: 'GET',
    path: '/api/rpc/books?limit=1',
    headers: { ...BROWSER_HEADERS, accept: 'application/json', cookie: o.cookies.user },
  });
  one.close();
  const bookId = bodyJson<{ items: Array<{ id: string }> }>(first)?.items[0]?.id;
  if (!bookId) throw new Error('no book on the first page');
  const all = [
    { name: 'floor', path: '/api/rpc/books?limit=20', as: 'user' as const, server: o.floor },
    ...kinds(bookId).map((k) => ({ ...k, server: o.app })),
  ];
  const figures = new Map<string, number[]>(all.map((k) => [k.name, []]));
  const credentials = (as: Kind['as']): Record<string, string> => (as === 'key' ? { 'x-api-key': o.apiKey } : { cookie: o.cookies[as] });
  for (const kind of all) await burst(kind.server, kind.path, credentials(kind.as), CPU_PER_REQUEST.warmup);
  for (let r = 1; r <= CPU_PER_REQUEST.rounds; r++) {
    for (const kind of all) {
      o.note(`round ${r}/${CPU_PER_REQUEST.rounds}: ${kind.name}`);
      figures.get(kind.name)!.push(await burst(kind.server, kind.path, credentials(kind.as), CPU_PER_REQUEST.requests));
    }
  }
  const floor = median(figures.get('floor')!);
  o.record('floor_api_first_page', round(floor, 3), 'ms', {
    rounds: figures.get('floor')!.map((ms) => round(ms, 3)),
    note: 'CPU per request of bench/lib/floor-server.mjs: the first page of books for a signed-in cookie, by hand (node:http, pg, gzip)',
  });
  for (const kind of all.slice(1)) {
    const ms = median(figures.get(kind.name)!);
    o.record(`cpu_per_request_${kind.name}`, round(ms, 2), 'ms', {
      path: kind.path,
      as: kind.as,
      rounds: figures.get(kind.name)!.map((x) => round(x, 2)),
    });
    o.record(`cpu_per_request_${kind.name}_x_floor`, round(ms / floor, 1), '×');
  }
  return floor;
}

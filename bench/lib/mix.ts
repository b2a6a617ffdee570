// What signed-in people do, not one URL again and again. Closed-loop like autocannon's: percentiles are
// the latencies at the throughput reached, not at a fixed arrival rate (coordinated omission).
import { randomUUID } from 'node:crypto';
import { BROWSER_HEADERS } from './load.ts';
import { bodyJson, bodyText, latencies, type HttpAnswer, type HttpClient, type HttpRequest, type Latencies } from './http-client.ts';
import { random, zipf, type Workload } from './workload.ts';

export interface MixSession {
  cookie: string;
  ip: string;
  admin: boolean;
  userId: string;
  name: string;
}

export type Kind =
  | 'books_search'
  | 'books_next_page'
  | 'book_detail'
  | 'users_search'
  | 'get_session'
  | 'ssr_books_search'
  | 'ssr_users_search'
  | 'book_create'
  | 'book_update'
  | 'book_delete'
  | 'name_change';

/** In percent. Admin-only kinds are sent by admin sessions. */
export const WEIGHTS: Record<Kind, number> = {
  books_search: 25,
  books_next_page: 15,
  book_detail: 18,
  users_search: 8,
  get_session: 9,
  ssr_books_search: 12,
  ssr_users_search: 8,
  book_create: 1.5,
  book_update: 1.5,
  book_delete: 1,
  name_change: 1,
};

export const shareOf = (weights: Partial<Record<Kind, number>>) => Object.values(weights).reduce((a, b) => a + (b ?? 0), 0) / 100;

export const WRITE_WEIGHTS: Partial<Record<Kind, number>> = {
  book_create: WEIGHTS.book_create,
  book_update: WEIGHTS.book_update,
  book_delete: WEIGHTS.book_delete,
  name_change: WEIGHTS.name_change,
};

const ADMIN_ONLY = new Set<Kind>(['users_search', 'ssr_users_search', 'book_create', 'book_update', 'book_delete']);
export const ADMIN_SHARE = 0.2;
/** A PostgreSQL database is cleaned up after the run by this prefix. */
export const BENCH_TITLE_PREFIX = 'Bench mix ';
const PAGE = 20;

export interface MixRequest extends HttpRequest {
  kind: Kind;
  term?: string;
}

interface BookRef {
  id: string;
  title: string;
  author: string;
}

/** One generator shared by every connection; `answered()` keeps cursors and created books for later requests. */
export function createMix(
  baseUrl: string,
  sessions: MixSession[],
  workload: Workload,
  seed = 20,
  weights: Partial<Record<Kind, number>> = WEIGHTS,
) {
  const rand = random(seed);
  const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)]!;
  const admins = sessions.filter((s) => s.admin);
  if (!admins.length) throw new Error('the mix needs admin sessions');
  const bookRank = zipf(workload.bookTerms.length, rand);
  const userRank = zipf(workload.userTerms.length, rand);
  const kinds = (Object.keys(weights) as Kind[]).filter((k) => (weights[k] ?? 0) > 0);
  let sum = 0;
  const cumulative = kinds.map((k) => (sum += weights[k]!));
  const total = cumulative.at(-1)!;
  const cursors: Array<{ term: string; cursor: string }> = [];
  const created: BookRef[] = [];
  let names = 0;

  const headers = (s: MixSession, accept: string) => ({
    ...BROWSER_HEADERS,
    accept,
    cookie: s.cookie,
    'x-forwarded-for': s.ip,
  });
  const api = (s: MixSession) => headers(s, 'application/json');
  const write = (s: MixSession) => ({ ...api(s), origin: baseUrl });
  const page = (s: MixSession) => headers(s, 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
  const q = (term: string) => encodeURIComponent(term);
  /** As the router writes it in links: a string that would read as JSON is quoted, or the page redirects. */
  const param = (term: string) => {
    try {
      JSON.parse(term);
      return q(JSON.stringify(term));
    } catch {
      return q(term);
    }
  };

  function build(kind: Kind, s: MixSession): MixRequest {
    switch (kind) {
      case 'books_search': {
        const term = workload.bookTerms[bookRank()]!;
        return { kind, term, method: 'GET', path: `/api/rpc/books?limit=${PAGE}&searchTerm=${q(term)}`, headers: api(s) };
      }
      case 'books_next_page': {
        // A random earlier answer's next page; before any, the catalogue's first page.
        const from = cursors.length ? cursors.splice(Math.floor(rand() * cursors.length), 1)[0]! : undefined;
        const search = from?.term ? `&searchTerm=${q(from.term)}` : '';
        const cursor = from ? `&cursor=${q(from.cursor)}` : '';
        return { kind, term: from?.term, method: 'GET', path: `/api/rpc/books?limit=${PAGE}${search}${cursor}`, headers: api(s) };
      }
      case 'book_detail':
        return { kind, method: 'GET', path: `/api/rpc/books/${pick(workload.bookIds)}`, headers: api(s) };
      case 'users_search': {
        const term = workload.userTerms[userRank()]!;
        return { kind, term, method: 'GET', path: `/api/rpc/users?limit=${PAGE}&searchTerm=${q(term)}`, headers: api(s) };
      }
      case 'get_session':
        return { kind, method: 'GET', path: '/api/auth/get-session', headers: api(s) };
      case 'ssr_books_search': {
        const term = workload.bookTerms[bookRank()]!;
        return { kind, term, method: 'GET', path: `/app/books?searchTerm=${param(term)}`, headers: page(s) };
      }
      case 'ssr_users_search': {
        const term = workload.userTerms[userRank()]!;
        return { kind, term, method: 'GET', path: `/manager/users?searchTerm=${param(term)}`, headers: page(s) };
      }
      case 'book_update': {
        const book = created.length ? pick(created) : undefined;
        if (!book) return build('book_create', s);
        const body = { title: book.title, author: pick(workload.authors), genreId: pick(workload.genreIds), publisher: `Press ${rand()}` };
        return { kind, method: 'PUT', path: `/api/rpc/books/${book.id}`, headers: write(s), body };
      }
      case 'book_delete': {
        const book = created.length ? created.splice(Math.floor(rand() * created.length), 1)[0]! : undefined;
        if (!book) return build('book_create', s);
        return { kind, method: 'DELETE', path: `/api/rpc/books/${book.id}`, headers: write(s) };
      }
      case 'book_create': {
        const body = { title: `${BENCH_TITLE_PREFIX}${randomUUID()}`, author: pick(workload.authors), genreId: pick(workload.genreIds) };
        return { kind, method: 'POST', path: '/api/rpc/books', headers: write(s), body };
      }
      case 'name_change':
        // Alternately the person's own name and a variant of it, so the names stay plausible.
        return {
          kind,
          method: 'POST',
          path: '/api/auth/update-user',
          headers: write(s),
          body: { name: names++ % 2 ? s.name : `${s.name} ${String.fromCharCode(65 + (names % 26))}.` },
        };
    }
  }

  return {
    next(): MixRequest {
      const x = rand() * total;
      const kind = kinds[cumulative.findIndex((c) => x < c)] ?? kinds[0]!;
      return build(kind, pick(ADMIN_ONLY.has(kind) ? admins : sessions));
    },
    answered(req: MixRequest, answer: HttpAnswer) {
      if (answer.status < 200 || answer.status >= 300) return;
      if (req.kind === 'books_search' || req.kind === 'books_next_page') {
        const list = bodyJson<{ nextCursor: string | null }>(answer);
        if (list?.nextCursor) {
          cursors.push({ term: req.term ?? '', cursor: list.nextCursor });
          // Readers do not page forever: keep the most recent answers.
          if (cursors.length > 2000) cursors.splice(0, cursors.length - 2000);
        }
      } else if (req.kind === 'book_create') {
        const book = bodyJson<BookRef>(answer);
        if (book?.id) created.push({ id: book.id, title: book.title, author: book.author });
      }
    },
    /** A 404 on a book another connection deleted meanwhile is expected. */
    expected(req: MixRequest, answer: HttpAnswer) {
      return answer.status === 404 && (req.kind === 'book_update' || req.kind === 'book_delete');
    },
  };
}

export type Mix = ReturnType<typeof createMix>;

const excerpt = (answer: HttpAnswer) => {
  try {
    return bodyText(answer).slice(0, 200);
  } catch {
    return `(${answer.raw.length} bytes)`;
  }
};

interface KindFigures extends Latencies {
  errors: number;
  /** They cannot use a trigram index. */
  shortTerms: number;
}

export interface MixRun {
  seconds: number;
  rps: number;
  requests: number;
  errors: number;
  errorSamples: string[];
  p50: number;
  p95: number;
  p99: number;
  byKind: Partial<Record<Kind, KindFigures>>;
}

export async function runMix(
  client: HttpClient,
  mix: Mix,
  options: { connections: number; seconds: number; onTick?: (elapsed: number) => void },
): Promise<MixRun> {
  const times: number[] = [];
  const perKind = new Map<Kind, { times: number[]; errors: number; shortTerms: number }>();
  const errorSamples: string[] = [];
  let errors = 0;
  const t0 = performance.now();
  const end = t0 + options.seconds * 1000;
  const ticker = setInterval(() => options.onTick?.(Math.round((performance.now() - t0) / 1000)), 1000);
  async function connection() {
    while (performance.now() < end) {
      const req = mix.next();
      const answer = await client.send(req);
      let k = perKind.get(req.kind);
      if (!k) perKind.set(req.kind, (k = { times: [], errors: 0, shortTerms: 0 }));
      if (req.term !== undefined && req.term.length > 0 && req.term.length <= 2) k.shortTerms++;
      const ok = answer.status >= 200 && answer.status < 300;
      if (ok || mix.expected(req, answer)) {
        times.push(answer.ms);
        k.times.push(answer.ms);
      } else if (answer.status === 400) {
        // The API refused what the mix sends (a renamed field, say): the bench is out of date, not slow.
        throw new Error(`${req.kind} ${req.method} ${req.path} answered 400: ${excerpt(answer)} (update bench/lib/mix.ts)`);
      } else {
        errors++;
        k.errors++;
        if (errorSamples.length < 5)
          errorSamples.push(`${req.kind} ${req.method} ${req.path}: ${answer.status || answer.error} ${excerpt(answer)}`);
      }
      mix.answered(req, answer);
    }
  }
  await Promise.all(Array.from({ length: options.connections }, connection));
  clearInterval(ticker);
  const seconds = (performance.now() - t0) / 1000;
  const all = latencies(times);
  const byKind: Partial<Record<Kind, KindFigures>> = {};
  for (const [kind, k] of perKind) byKind[kind] = { ...latencies(k.times), errors: k.errors, shortTerms: k.shortTerms };
  const requests = times.length + errors;
  return { seconds, rps: requests / seconds, requests, errors, errorSamples, p50: all.p50, p95: all.p95, p99: all.p99, byKind };
}

// The floor (issue #40): `GET /api/rpc/books?limit=20` for a signed-in cookie, by hand, on the app's
// PostgreSQL database: the signed session cookie checked as the app checks it, session and user read
// in one query, the first page (by title) and the kept row count, JSON, gzip. What the app's CPU per
// request is compared with (bench/lib/cpu-per-request.ts). DATABASE_URL, AUTH_SECRET, PORT.
import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const secret = process.env.AUTH_SECRET;

function token(cookie = '') {
  const value = decodeURIComponent(/(?:^|;\s*)better-auth\.session_token=([^;]*)/.exec(cookie)?.[1] ?? '');
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(value.slice(0, dot)).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value.slice(0, dot) : undefined;
}

const SESSION = `select s.id, s.user_id, s.expires_at, u.id, u.name, u.email, u.role, u.banned
  from session s join "user" u on u.id = s.user_id where s.token = $1 and s.expires_at > now()`;
const PAGE = `select b.id, b.title, b.author, b.publisher, b.cover_image, b.created_at, b.updated_at,
  g.id as genre_id, g.name as genre_name, g.color as genre_color
  from book b left join genre g on g.id = b.genre_id order by b.title asc, b.id asc limit $1`;
const COUNT = `select n from row_count where table_name = 'book'`;

createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://floor');
    if (url.pathname === '/health') return res.writeHead(200).end('ok');
    if (url.pathname !== '/api/rpc/books') return res.writeHead(404).end();
    const signed = token(req.headers.cookie);
    const session = signed && (await pool.query({ name: 'session', text: SESSION, values: [signed] })).rows[0];
    if (!session) return res.writeHead(401).end();
    const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 20));
    const [page, count] = await Promise.all([
      pool.query({ name: 'page', text: PAGE, values: [limit + 1] }),
      pool.query({ name: 'count', text: COUNT }),
    ]);
    const rows = page.rows.slice(0, limit);
    const items = rows.map(({ genre_id, genre_name, genre_color, cover_image, created_at, updated_at, ...b }) => ({
      ...b,
      coverImage: cover_image,
      createdAt: created_at,
      updatedAt: updated_at,
      genre: genre_id ? { id: genre_id, name: genre_name, color: genre_color } : null,
    }));
    const last = rows.at(-1);
    const nextCursor = page.rows.length > limit && last ? Buffer.from(JSON.stringify([last.title, last.id])).toString('base64url') : null;
    const body = gzipSync(JSON.stringify({ items, nextCursor, total: count.rows[0]?.n ?? 0, totalCapped: false }));
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': body.length }).end(body);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}).listen(Number(process.env.PORT), '127.0.0.1');

import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** A file, not a pipe. */
export const LOG_DIR = path.join(ROOT, 'bench/report');

export interface Server {
  url: string;
  pid: number;
  startMs: number;
  output(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024);
}

/** With `children`, also its ended children's (cutime, cstime): a database server's ended backends. */
export function cpuMs(pid: number, children = false): number {
  // After the command's name, which may hold spaces: utime, stime, cutime, cstime are the 14th to 17th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const own = Number(fields[11]) + Number(fields[12]);
  return (children ? own + Number(fields[13]) + Number(fields[14]) : own) * 10;
}

/** CPU time of all the process's live threads in ms, to the nanosecond (`/proc/…/stat` counts 10 ms ticks). */
export function threadCpuMs(pid: number): number {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return ns / 1e6;
}

/** With the ended ones (the postmaster's children's time): an autovacuum worker would take its time with it. */
export function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += cpuMs(Number(pid), true);
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** Busy (not idle or I/O wait) and stolen CPU time over all cores, from /proc/stat. */
export function machineCpu(): { busyMs: number; stealMs: number; cores: number } {
  const lines = readFileSync('/proc/stat', 'utf8').split('\n');
  const [user, nice, system, , , irq, softirq, steal] = lines[0]!.trim().split(/\s+/).slice(1).map(Number);
  const cores = lines.filter((line) => /^cpu\d/.test(line)).length;
  return { busyMs: (user! + nice! + system! + irq! + softirq!) * 10, stealMs: (steal ?? 0) * 10, cores };
}

export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** For the app under test only, not the baseline. */
function serverNodeOptions(env: Record<string, string>): Record<string, string> {
  const extra = process.env.BENCH_SERVER_NODE_OPTIONS;
  return extra ? { NODE_OPTIONS: [env.NODE_OPTIONS ?? process.env.NODE_OPTIONS, extra].filter(Boolean).join(' ') } : {};
}

async function spawnServer(
  args: string[],
  env: Record<string, string>,
  port: number,
  readyPath: string,
  timeoutMs: number,
): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  // A file, as a service manager would give it: the bench does not read the log while it measures.
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `server-${port}.log`);
  const log = openSync(logFile, 'w');
  const out = () => readFileSync(logFile, 'utf8');
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = t0 + timeoutMs;
  let startMs = NaN;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out()}`);
    const status = await fetch(url + readyPath)
      .then(async (res) => (await res.arrayBuffer(), res.status))
      .catch(() => 0);
    if (status === 200) {
      startMs = performance.now() - t0;
      break;
    }
    await sleep(5);
  }
  if (Number.isNaN(startMs)) {
    child.kill('SIGKILL');
    throw new Error(`no 200 from ${url}${readyPath} within ${timeoutMs} ms:\n${out()}`);
  }
  return {
    url,
    pid: child.pid!,
    startMs,
    output: out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `BASE_URL` matches the port, so Better Auth accepts the bench's Origin header. */
export async function startApp(env: Record<string, string>, readyPath = '/login', timeoutMs = 120_000): Promise<Server> {
  const port = await freePort();
  return spawnServer(
    ['scripts/start.mjs'],
    // Production defaults, but the mix's admins write faster than a person may: it measures the writes.
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      API_WRITES_PER_MINUTE: '1000000',
      // The framework's floor page (src/routes/bench/static-table.tsx).
      BENCH_PAGES: '1',
      ...env,
      ...serverNodeOptions(env),
    },
    port,
    readyPath,
    timeoutMs,
  );
}

const BASELINE = `
const http = require('node:http');
const page = '<!doctype html><html><head><title>baseline</title></head><body><p>' + 'x'.repeat(20 * 1024) + '</p></body></html>';
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(page) });
  res.end(page);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

export async function startBaseline(): Promise<Server> {
  return spawnServer(['-e', BASELINE], {}, await freePort(), '/', 10_000);
}

/** bench/lib/floor-server.mjs on the app's PostgreSQL database (issue #40). */
export async function startFloor(env: { DATABASE_URL: string; AUTH_SECRET: string }): Promise<Server> {
  return spawnServer([path.join(ROOT, 'bench/lib/floor-server.mjs')], env, await freePort(), '/health', 10_000);
}

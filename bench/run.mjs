#!/usr/bin/env node
/**
 * `npm run bench`: prints `name: value unit` lines and writes bench/results.json.
 * Timings sit beside a baseline measured in the same run (a bare Node.js HTTP server).
 * First slice: start-up and memory. Throughput, transfer and Lighthouse figures join later.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);
const results = [];
const record = (name, value, unit, extra = {}) => {
  results.push({ name, value, unit, ...extra });
  console.log(`${name}: ${value} ${unit}`);
};
const progress = (msg) => process.stderr.write(`… ${msg}\n`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitFor200(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`no 200 from ${url}`);
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

async function start(command, args, env, url) {
  const t0 = performance.now();
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: 'ignore' });
  await waitFor200(url, child);
  return { child, ms: performance.now() - t0 };
}

const stop = (child) =>
  new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

const BASELINE = `
const http = require('node:http');
const page = '<!doctype html><html><body>' + 'x'.repeat(20 * 1024) + '</body></html>';
http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end(page); }).listen(process.env.PORT, '127.0.0.1');
`;

if (!existsSync('dist/server/server.js')) {
  progress('building (npm run build)');
  const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'ignore' });
  if (r.status !== 0) process.exit(1);
}

// Baseline: cold start of a bare Node.js server.
const baselineStarts = [];
for (let i = 0; i < 5; i++) {
  progress(`baseline cold start ${i + 1}/5`);
  const port = await freePort();
  const { child, ms } = await start(process.execPath, ['-e', BASELINE], { PORT: String(port) }, `http://127.0.0.1:${port}/`);
  baselineStarts.push(ms);
  await stop(child);
}

// The app on an already migrated and seeded embedded database.
const dataDir = mkdtempSync(path.join(tmpdir(), 'springboard-bench-'));
const appEnv = (port) => ({ NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
{
  progress('first start (migrate + seed)');
  const port = await freePort();
  const { child } = await start(process.execPath, ['scripts/start.mjs'], appEnv(port), `http://127.0.0.1:${port}/api/health`);
  await stop(child);
}
const appStarts = [];
let idle;
for (let i = 0; i < 5; i++) {
  progress(`app cold start ${i + 1}/5`);
  const port = await freePort();
  const { child, ms } = await start(process.execPath, ['scripts/start.mjs'], appEnv(port), `http://127.0.0.1:${port}/api/health`);
  appStarts.push(ms);
  if (i === 4) {
    await fetch(`http://127.0.0.1:${port}/login`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 2000));
    idle = rssMb(child.pid);
    for (let k = 0; k < 1000; k++) await fetch(`http://127.0.0.1:${port}/${k % 2 ? 'login' : 'api/health'}`).then((r) => r.text());
    record('rss_after_1000_requests_embedded', rssMb(child.pid), 'MB');
  }
  await stop(child);
}
const app = Math.round(median(appStarts));
const base = Math.round(median(baselineStarts));
record('cold_start_embedded', app, 'ms', { baseline: base, ratio: Math.round((app / base) * 100) / 100 });
record('cold_start_baseline', base, 'ms');
record('idle_rss_embedded', idle, 'MB');

writeFileSync('bench/results.json', `${JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2)}\n`);

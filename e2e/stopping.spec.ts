// A supervisor (systemd, a platform, `kill <pid>`) signals the process it started: npm, for `npm start` and
// `npm run dev`. npm passes SIGTERM and SIGINT on to its child, and that child must be the server itself
// (the scripts `exec` it), not a `sh -c` that dies and leaves node holding the port (issue #55).
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, newDataDir } from './support/app-server';
import { copyProject } from './support/dev-server';
import { signalGroup } from './support/processes';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Not spawnTracked: its clean-up kills the group as soon as npm exits, which would hide a node left running. */
function npm(script: string, cwd: string, env: Record<string, string>) {
  const child = spawn('npm', ['run', script], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};
const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

async function ready(child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!/ready on .*\n/.test(output())) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs} ms:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signals npm's pid only, then: npm exits, no process of its group is left, and the port is free. */
async function stopsWithNpm(script: 'start' | 'dev', signal: NodeJS.Signals, cwd: string, dataDir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child, output } = npm(script, cwd, {
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  const pgid = child.pid!;
  try {
    await ready(child, output, script === 'dev' ? 180_000 : 90_000);
    expect(await portOpen(port)).toBe(true);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(pgid, signal);
    // The server closes within 10 s of a signal (scripts/start.mjs); npm, waiting on a shell, may never exit.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    expect(child.exitCode ?? child.signalCode, `npm run ${script} still running 20 s after ${signal}:\n${output()}`).not.toBeNull();
    await expect.poll(() => groupAlive(pgid), { timeout: 15_000, message: `a process of \`npm run ${script}\` outlived npm` }).toBe(false);
    expect(await portOpen(port)).toBe(false);
  } finally {
    signalGroup(pgid, 'SIGKILL');
  }
}

test.describe('stopping npm stops the server', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    test(`npm start, ${signal} to npm's pid`, async () => {
      test.setTimeout(120_000);
      const dataDir = newDataDir();
      try {
        await stopsWithNpm('start', signal, ROOT, dataDir);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }

  test("npm run dev, SIGTERM to npm's pid", async () => {
    test.setTimeout(240_000);
    const root = copyProject();
    try {
      await stopsWithNpm('dev', 'SIGTERM', root, path.join(root, '.data'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

// The `npm start` path, in a process group of its own tracked until it is gone (`processes.ts`).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signalGroup, spawnTracked, stopGroup } from './processes.ts';

export interface AppServer {
  url: string;
  port: number;
  dataDir: string;
  output(): string;
  /** SIGTERM to the process group (SIGKILL after 15 s). */
  stop(): Promise<number | null>;
  /** SIGKILL at once: a crash, nothing flushed or closed. */
  kill(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'app-e2e-'));

export function launch(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let out = '';
  const child = spawnTracked(process.execPath, ['scripts/start.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

export async function startApp(env: Record<string, string> = {}, timeoutMs = 60_000): Promise<AppServer> {
  const dataDir = env.DATA_DIR ?? newDataDir();
  // A free port can be taken by another worker before the app listens on it: then another one.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(Number(env.PORT ?? (await freePort())), dataDir, env, timeoutMs);
    } catch (error) {
      if (env.PORT || attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOn(port: number, dataDir: string, env: Record<string, string>, timeoutMs: number): Promise<AppServer> {
  // 127.0.0.1, not localhost: no IPv6-first resolution between the browser and an IPv4 listener.
  const url = `http://127.0.0.1:${port}`;
  const { child, output, exited } = launch({ PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', BASE_URL: url, ...env });
  const deadline = Date.now() + timeoutMs;
  while (!output().includes('ready on')) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    if (Date.now() > deadline) {
      signalGroup(child.pid!, 'SIGKILL');
      throw new Error(`server not ready after ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    port,
    dataDir,
    output,
    async stop() {
      if (child.exitCode !== null) {
        // It died before the test asked it to stop: show why.
        console.error(`app server on port ${port} had already exited (${child.exitCode}):\n${output()}`);
        return exited;
      }
      return stopGroup(child);
    },
    kill: () => stopGroup(child, 'SIGKILL'),
  };
}

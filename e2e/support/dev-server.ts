// A copy of the project in a temporary folder: tests edit source files to check hot reload, and the
// working tree must never change, even when a test is killed half-way.
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './app-server';
import { signalGroup, spawnTracked, stopGroup } from './processes';

const ROOT = path.resolve(import.meta.dirname, '../..');
// .gitignore too: Tailwind skips the ignored files when it scans for class names (.data among them).
const COPIED = ['src', 'scripts', 'drizzle', 'package.json', 'tsconfig.json', 'vite.config.ts', '.gitignore'];

export interface DevServer {
  url: string;
  root: string;
  output(): string;
  /** The process is still the one started (no restart). */
  running(): boolean;
  /** Fails when `from` is not there, so a test notices that the file it edits has changed. */
  edit(file: string, from: string, to: string): void;
  /** SIGTERM to the process group (SIGKILL after 15 s), then deletes the copy. */
  stop(): Promise<number | null>;
}

export function copyProject(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'app-dev-'));
  for (const name of COPIED) cpSync(path.join(ROOT, name), path.join(root, name), { recursive: true });
  const modules = path.join(root, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name === '.vite' || name === '.cache') continue;
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name));
  }
  return root;
}

export async function startDevServer(env: Record<string, string> = {}, timeoutMs = 120_000): Promise<DevServer> {
  const root = copyProject();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let out = '';
  // `npm run dev` itself: what a forker types.
  const child: ChildProcess = spawnTracked('npm', ['run', 'dev'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: url,
      DATA_DIR: path.join(root, '.data'),
      NO_COLOR: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + timeoutMs;
  try {
    while (!/ready on .*\n/.test(out)) {
      if (child.exitCode !== null) throw new Error(`npm run dev exited with ${child.exitCode}:\n${out}`);
      if (Date.now() > deadline) throw new Error(`npm run dev not ready after ${timeoutMs} ms:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!out.includes('database ready')) throw new Error(`npm run dev started without its database:\n${out}`);
  } catch (error) {
    signalGroup(child.pid!, 'SIGKILL');
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    root,
    output: () => out,
    running: () => child.exitCode === null && child.signalCode === null,
    edit(file, from, to) {
      const target = path.join(root, file);
      const text = readFileSync(target, 'utf8');
      if (!text.includes(from)) throw new Error(`${file} no longer contains ${JSON.stringify(from)}: update the test`);
      writeFileSync(target, text.replace(from, to));
    },
    async stop() {
      const code = await stopGroup(child);
      rmSync(root, { recursive: true, force: true });
      return code;
    },
  };
}

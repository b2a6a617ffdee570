// Each child runs in a process group of its own, signalled as a group; a registry folder lets the
// global teardown kill whatever a worker killed outright could not.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const PROCESSES_DIR_VARIABLE = 'E2E_PROCESSES_DIR';

interface Entry {
  pid: number;
  command: string;
}

const live = new Set<number>();

const registryFile = (pid: number) => {
  const dir = process.env[PROCESSES_DIR_VARIABLE];
  return dir ? path.join(dir, String(pid)) : undefined;
};

/** False when it no longer exists. */
export function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

function forget(pid: number) {
  live.delete(pid);
  const file = registryFile(pid);
  if (file) rmSync(file, { force: true });
}

/** When the child itself exits, whatever it left in its group is killed. */
export function spawnTracked(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  const pid = child.pid;
  if (pid === undefined) return child; // It failed to start: the 'error' event says why.
  live.add(pid);
  const file = registryFile(pid);
  if (file) writeFileSync(file, JSON.stringify({ pid, command: [command, ...args].join(' ') } satisfies Entry));
  child.once('exit', () => {
    signalGroup(pid, 'SIGKILL');
    forget(pid);
  });
  return child;
}

/** SIGKILL to the group if it has not exited after `graceMs`. */
export async function stopGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<number | null> {
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve(child.exitCode)
      : new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  if (child.pid === undefined) return exited;
  signalGroup(child.pid, signal);
  const timer = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), graceMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}

// A worker that exits (failed, timed out, interrupted) takes its servers with it.
process.on('exit', () => {
  for (const pid of live) {
    signalGroup(pid, 'SIGKILL');
    forget(pid);
  }
});

/** Linux only; undefined elsewhere or when gone. */
function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return undefined;
  }
}

export function createRegistry(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

/** Synchronous, so it can run in an exit handler. */
export function killRegistered(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const killed: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    let entry: Entry | undefined;
    try {
      entry = JSON.parse(readFileSync(file, 'utf8')) as Entry;
    } catch {
      // Half-written by a worker that died at that moment: nothing to read.
    }
    rmSync(file, { force: true });
    if (!entry) continue;
    // The leader's pid was given to an unrelated process since: not ours to kill.
    const now = commandLine(entry.pid);
    if (now !== undefined && now !== entry.command) continue;
    if (signalGroup(entry.pid, 'SIGKILL')) killed.push(entry.command);
  }
  return killed;
}

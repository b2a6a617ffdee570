/**
 * Every process the end-to-end tests start is stopped when the run ends, pass or fail.
 *
 * - Each child runs in a process group of its own (`detached`), and it is stopped by signalling
 *   the group: that reaches what the child started too (npm's node, a build it spawned).
 * - A worker kills the groups it still has when it exits, whatever the reason.
 * - Each live group is also listed as a file in the run's registry folder (`E2E_PROCESSES_DIR`,
 *   made by the global setup). The global teardown, and the runner's exit, kill whatever a worker
 *   could not (a worker killed outright runs no exit handler).
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const PROCESSES_DIR_VARIABLE = 'E2E_PROCESSES_DIR';

interface Entry {
  pid: number;
  command: string;
}

/** This process's live groups (their leaders' pids). */
const live = new Set<number>();

const registryFile = (pid: number) => {
  const dir = process.env[PROCESSES_DIR_VARIABLE];
  return dir ? path.join(dir, String(pid)) : undefined;
};

/** Signals a whole process group; false when it no longer exists. */
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

/**
 * `spawn` in a new process group, tracked until the group is gone. When the child itself exits,
 * whatever it left in its group is killed.
 */
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

/**
 * Stops a tracked child: `signal` to its group, then SIGKILL to the group if it has not exited
 * after `graceMs`. Resolves with the child's exit code (null when killed by a signal).
 */
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

// A worker that exits (a test failed, timed out, or the run was interrupted) takes its servers with it.
process.on('exit', () => {
  for (const pid of live) {
    signalGroup(pid, 'SIGKILL');
    forget(pid);
  }
});

/** The command line of a running process, where /proc tells it (Linux); undefined elsewhere or when gone. */
function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return undefined;
  }
}

/** Makes an empty registry folder for a run. */
export function createRegistry(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

/**
 * Kills every group still listed in the registry folder (synchronously, so it can run in an exit
 * handler) and returns the command lines of those it found alive.
 */
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

// A PostgreSQL primary and a hot standby streaming from it, made with the server's own binaries in a
// temporary folder on free ports: the machine's running server allows no replication connections, and
// PostgreSQL refuses to run as root, so as root the binaries run as the `postgres` user.
import { execFile, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The newest `/usr/lib/postgresql/<version>/bin` with the binaries a replica needs, if any. */
function binaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (['initdb', 'pg_ctl', 'pg_basebackup'].every((b) => existsSync(path.join(bin, b)))) return bin;
  }
  return undefined;
}

const asRoot = process.getuid?.() === 0;

/** Why the replica tests cannot run here, or undefined when they can. */
export function replicaUnavailable(): string | undefined {
  if (!binaries()) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (initdb, pg_ctl, pg_basebackup)';
  if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'running as root, and no `postgres` user to run PostgreSQL as';
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function idOf(name: string, flag: '-u' | '-g'): Promise<number> {
  return Number((await run('id', [flag, name])).stdout.trim());
}

export interface StreamingReplica {
  primaryUrl: string;
  replicaUrl: string;
  /** Their data folders (postmaster.pid names each server's process). */
  primaryData: string;
  replicaData: string;
  /** A client of the replica itself (for its pause and its rows). */
  replica(): Promise<pg.Client>;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Stops both servers and removes their folder. */
  remove(): Promise<void>;
}

/** `settings`: more postgresql.conf lines for the primary, which the replica copies. */
export async function streamingReplica(settings: string[] = []): Promise<StreamingReplica> {
  const bin = binaries();
  if (!bin) throw new Error(replicaUnavailable());
  const dir = mkdtempSync(path.join(tmpdir(), 'app-replica-'));
  const [uid, gid] = asRoot ? [await idOf('postgres', '-u'), await idOf('postgres', '-g')] : [undefined, undefined];
  if (uid !== undefined && gid !== undefined) chownSync(dir, uid, gid);
  const as = (cmd: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { cwd: dir })
      : run(path.join(bin, cmd), args, { cwd: dir });
  const primaryData = path.join(dir, 'primary');
  const replicaData = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];

  await as('initdb', ['-D', primaryData, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const conf = (data: string, port: number, lines: string[]) =>
    appendFileSync(
      path.join(data, 'postgresql.conf'),
      [`port = ${port}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${dir}'`, ...lines, ''].join('\n'),
    );
  // Speed over durability for a throwaway server; the replica's settings are what production's would be.
  conf(primaryData, primaryPort, [
    'fsync = off',
    'full_page_writes = off',
    'shared_buffers = 32MB',
    'max_connections = 60',
    'wal_level = replica',
    'max_wal_senders = 4',
    'wal_keep_size = 128MB',
    ...settings,
  ]);
  const ctl = (data: string, action: 'start' | 'stop', log: string) =>
    as('pg_ctl', ['-D', data, '-l', path.join(dir, log), '-w', '-t', '30', ...(action === 'stop' ? ['-m', 'fast'] : []), action]);
  await ctl(primaryData, 'start', 'primary.log');
  await as('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaData,
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ]);
  // pg_basebackup copies the primary's settings: only the port (appended, so it wins) differs.
  conf(replicaData, replicaPort, ['hot_standby = on']);
  await ctl(replicaData, 'start', 'replica.log');

  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
  let replicaRunning = true;
  return {
    primaryUrl: url(primaryPort),
    replicaUrl: url(replicaPort),
    primaryData,
    replicaData,
    async replica() {
      const client = new pg.Client({ connectionString: url(replicaPort) });
      await client.connect();
      return client;
    },
    async stopReplica() {
      await ctl(replicaData, 'stop', 'replica.log');
      replicaRunning = false;
    },
    async startReplica() {
      await ctl(replicaData, 'start', 'replica.log');
      replicaRunning = true;
    },
    async remove() {
      if (replicaRunning) await ctl(replicaData, 'stop', 'replica.log').catch(() => {});
      await ctl(primaryData, 'stop', 'primary.log').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

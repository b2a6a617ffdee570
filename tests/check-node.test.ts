// On a Node older than package.json's engines, every npm script says so in one line and exits 1.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string }; scripts: Record<string, string> };
const CHECK = 'node scripts/check-node.mjs && ';

const check = (version?: string, node = process.execPath) =>
  spawnSync(node, ['scripts/check-node.mjs'], {
    env: { ...process.env, CHECK_NODE_VERSION: version ?? '' },
    encoding: 'utf8',
    timeout: 30_000,
  });

const line = (version: string) =>
  `This application needs Node.js >= 22.12; this is Node ${version}. Install Node 22 (e.g. \`nvm install\`, reading .nvmrc) and run the command again.\n`;

describe('Node.js version check', () => {
  it('reads the required version from package.json', () => {
    expect(pkg.engines.node).toBe('>=22.12');
    expect(readFileSync('.nvmrc', 'utf8').trim()).toBe('22');
    expect(readFileSync('.node-version', 'utf8').trim()).toBe('22');
  });

  it.each(['20.20.2', '22.11.0', '18.0.0', '21.99.99'])('refuses Node %s in one line on stderr, exit 1', (version) => {
    const run = check(version);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(line(version));
    expect(run.stdout).toBe('');
  });

  it.each(['22.12.0', '22.23.3', '24.0.0', process.versions.node])('lets Node %s through silently', (version) => {
    const run = check(version);
    expect(run.status).toBe(0);
    expect(run.stderr + run.stdout).toBe('');
  });

  // A real older Node, where the machine has one.
  const olderNode = ['/usr/bin/node', '/usr/local/bin/node'].find((node) => {
    if (!existsSync(node)) return false;
    const major = Number(spawnSync(node, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout.trim());
    return major > 0 && major < 22;
  });
  it.runIf(olderNode)(`refuses a real older Node (${olderNode ?? 'none found'})`, () => {
    const version = spawnSync(olderNode!, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    const run = check(undefined, olderNode);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(line(version));
    // `node scripts/start.mjs`, without npm: the same line, not a link error of a Node 22 API.
    const start = spawnSync(olderNode!, ['scripts/start.mjs'], { encoding: 'utf8', timeout: 30_000 });
    expect(start.status).toBe(1);
    expect(start.stderr).toBe(line(version));
  });

  it('runs first in every npm script', () => {
    for (const [name, command] of Object.entries(pkg.scripts)) expect(command.startsWith(CHECK), name).toBe(true);
  });
});

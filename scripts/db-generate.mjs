#!/usr/bin/env node
// `npm run db:generate`: drizzle-kit generate. Without a terminal, drizzle-kit stops at a question
// (a renamed or dropped column) and still exits 0: this fails instead.
// `-- --replace-last` first removes the newest migration (staged is fine, committed is not), so a table still being
// shaped keeps one migration.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
let args = process.argv.slice(2);

if (args.includes('--replace-last')) {
  args = args.filter((a) => a !== '--replace-last');
  const configArg = args.find((a) => a.startsWith('--config='));
  const configPath = path.resolve(configArg ? configArg.slice('--config='.length) : 'drizzle.config.ts');
  const out = path.resolve(/["']?out["']?\s*:\s*["']([^"']+)["']/.exec(readFileSync(configPath, 'utf8'))?.[1] ?? 'drizzle');
  const journalPath = path.join(out, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const last = journal.entries.at(-1);
  const sqlFile = path.join(out, `${last.tag}.sql`);
  const committed = spawnSync('git', ['cat-file', '-e', `HEAD:./${last.tag}.sql`], { cwd: out, stdio: 'ignore' });
  if (committed.status === 0) {
    console.error(`${last.tag} is committed, so it may have run on a database already: write a new migration instead.`);
    process.exit(1);
  }
  rmSync(sqlFile, { force: true });
  rmSync(path.join(out, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`), { force: true });
  journal.entries.pop();
  writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
  if (!args.some((a) => a.startsWith('--name='))) args.push(`--name=${last.tag.replace(/^\d+_/, '')}`);
  console.log(`Removed ${last.tag}; generating its replacement.`);
  process.on('exit', (code) => {
    if (code === 0) console.log('A database that ran the old one needs `npm run db:reset` (stop the server first).');
  });
}

const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
const child = spawn(process.execPath, [path.join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', ...args], {
  stdio: interactive ? 'inherit' : ['inherit', 'pipe', 'pipe'],
});
let output = '';
if (!interactive) {
  child.stdout.on('data', (chunk) => ((output += chunk), process.stdout.write(chunk)));
  child.stderr.on('data', (chunk) => ((output += chunk), process.stderr.write(chunk)));
}
child.on('close', (code) => {
  if (code === 0 && /Interactive prompts require a TTY/.test(output)) {
    console.error('\ndrizzle-kit asks a question (a renamed or dropped column or table): run `npm run db:generate` in a terminal.');
    process.exit(1);
  }
  process.exit(code ?? 1);
});

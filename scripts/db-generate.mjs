#!/usr/bin/env node
// `npm run db:generate`: drizzle-kit generate. Without a terminal, drizzle-kit stops at a question
// (a renamed or dropped column) and still exits 0: this fails instead.
import { spawn } from 'node:child_process';

const args = ['node_modules/drizzle-kit/bin.cjs', 'generate', ...process.argv.slice(2)];
const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
const child = spawn(process.execPath, args, { stdio: interactive ? 'inherit' : ['inherit', 'pipe', 'pipe'] });
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

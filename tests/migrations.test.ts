// The committed snapshot in drizzle/meta must match schema.ts, or the next generate re-creates existing tables.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
// drizzle-kit wants paths relative to the working directory.
const scratch = mkdtempSync(path.join(root, 'node_modules/.cache-migrations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function generate(name: string, schemaFiles: string[], extraArgs: string[] = [], copy = true) {
  const out = path.join(scratch, name);
  if (copy) cpSync(path.join(root, 'drizzle'), out, { recursive: true });
  const config = path.join(scratch, `${name}.config.ts`);
  const rel = (p: string) => `./${path.relative(root, p)}`;
  writeFileSync(config, `export default ${JSON.stringify({ dialect: 'postgresql', schema: schemaFiles.map(rel), out: rel(out) })};\n`);
  // What `npm run db:generate` runs.
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/db-generate.mjs'), `--config=${rel(config)}`, ...extraArgs], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
  const before = new Set(readdirSync(path.join(root, 'drizzle')));
  const written = readdirSync(out).filter((f) => !before.has(f));
  const read = (f: string) => readFileSync(path.join(out, f), 'utf8');
  const journal = () => (JSON.parse(read('meta/_journal.json')) as { entries: { tag: string }[] }).entries.map((e) => e.tag);
  return { run, written, read, journal };
}

describe('db:generate', () => {
  it('writes nothing for the committed schema', () => {
    const { run, written } = generate('unchanged', ['./src/server/db/schema.ts']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('No schema changes');
    expect(written).toEqual([]);
  }, 120_000);

  it('writes one migration for a new table, with no question to answer', () => {
    const extra = path.join(scratch, 'migration-probe.ts');
    writeFileSync(
      extra,
      `import { pgTable, text } from 'drizzle-orm/pg-core';\nexport const migrationProbe = pgTable('migration_probe', { id: text('id').primaryKey(), name: text('name').notNull() });\n`,
    );
    const { run, written, read } = generate('added', ['./src/server/db/schema.ts', `./${path.relative(root, extra)}`]);
    expect(run.status, run.stderr).toBe(0);
    const sql = written.filter((f) => f.endsWith('.sql'));
    expect(sql).toHaveLength(1);
    expect(read(sql[0]!).trim()).toBe('CREATE TABLE "migration_probe" (\n\t"id" text PRIMARY KEY NOT NULL,\n\t"name" text NOT NULL\n);');
  }, 120_000);

  it('--replace-last swaps the newest, uncommitted migration for one generated from the schema as it is now', () => {
    const probe = (columns: string) => {
      const file = path.join(scratch, 'replace-probe.ts');
      writeFileSync(
        file,
        `import { pgTable, text } from 'drizzle-orm/pg-core';\nexport const replaceProbe = pgTable('replace_probe', { ${columns} });\n`,
      );
      return ['./src/server/db/schema.ts', `./${path.relative(root, file)}`];
    };
    const first = generate('replaced', probe(`id: text('id').primaryKey()`), ['--name=probe']);
    expect(first.run.status, first.run.stderr).toBe(0);
    const committed = first.journal().length;

    const second = generate('replaced', probe(`id: text('id').primaryKey(), name: text('name')`), ['--replace-last'], false);
    expect(second.run.status, second.run.stderr).toBe(0);
    expect(second.journal()).toHaveLength(committed);
    expect(second.journal().at(-1)).toMatch(/^\d{4}_probe$/);
    const sql = second.written.filter((f) => f.endsWith('.sql'));
    expect(sql).toHaveLength(1);
    expect(second.read(sql[0]!).trim()).toBe('CREATE TABLE "replace_probe" (\n\t"id" text PRIMARY KEY NOT NULL,\n\t"name" text\n);');
    expect(second.written.filter((f) => f.startsWith('meta'))).toEqual([]);
  }, 180_000);

  it('--replace-last refuses a committed migration', () => {
    const out = path.join(scratch, 'committed');
    cpSync(path.join(root, 'drizzle'), out, { recursive: true });
    const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: out });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'migrations');
    const before = readdirSync(out);
    const { run } = generate('committed', ['./src/server/db/schema.ts'], ['--replace-last'], false);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('is committed, so it may have run on a database already');
    expect(readdirSync(out)).toEqual(before);
  });

  it('fails, instead of writing nothing with status 0, when drizzle-kit needs an answer (a renamed column)', () => {
    const renamed = path.join(scratch, 'renamed-schema.ts');
    const schema = readFileSync(path.join(root, 'src/server/db/schema.ts'), 'utf8');
    expect(schema).toContain("image: text('image')");
    writeFileSync(renamed, schema.replace("image: text('image')", "picture: text('picture')"));
    const { run, written } = generate('renamed', [`./${path.relative(root, renamed)}`]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('run `npm run db:generate` in a terminal');
    expect(written).toEqual([]);
  }, 120_000);
});

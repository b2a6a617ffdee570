// Vitest's global setup: one in-memory database, migrated and seeded as a test file's first `ready()` would
// make it, dumped once; every file's in-memory database then starts from the dump (PGLITE_TEMPLATE_FILE, read by
// src/server/env.ts), which skips initdb, 21 migrations and the seed in each of them. A file that opens its own
// database (`openDatabase` with no template: the migration and upgrade tests) still starts empty.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default async function setup() {
  if (process.env.PGLITE_TEMPLATE_FILE || process.env.DATABASE_URL) return;
  const { openDatabase } = await import('../../src/server/db/client.ts');
  const { seed } = await import('../../src/server/db/seed.ts');
  const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await handle.migrate();
  await seed(handle.db);
  const dump = await handle.dump!();
  await handle.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PGLITE_TEMPLATE_FILE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}

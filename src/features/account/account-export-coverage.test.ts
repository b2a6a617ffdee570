// "Download my data" covers every table that points at a person: a table with a foreign key to `user` that
// PERSON_TABLES neither exports nor leaves out with a reason fails here, by name. The tables are read from the
// Drizzle schema, so a new one is seen the day it is added.
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '#/server/db/schema.ts';
import { handleAccountExport, PERSON_TABLES } from './account-export.server.ts';
import { signIn } from '../../../tests/support/api.ts';

const tables: PgTable[] = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
const userTable = getTableConfig(schema.user).name;

/** The SQL names of the tables with a foreign key to `user`. */
const pointingAtAPerson = tables
  .map((table) => getTableConfig(table))
  .filter((config) => config.foreignKeys.some((fk) => getTableConfig(fk.reference().foreignTable).name === userTable))
  .map((config) => config.name)
  .sort();

describe('download my data covers every table that points at a person', () => {
  it('finds the tables it should (the schema is read, not a copy of it)', () => {
    // Written from the schema by hand: if the reading above broke, it would find none and pass vacuously.
    expect(pointingAtAPerson).toEqual(
      expect.arrayContaining([
        'account',
        'api_key',
        'member',
        'passkey',
        'session',
        // example:start
        'shelf_item',
        // example:end
      ]),
    );
  });

  it('exports each one or says why not', () => {
    const undeclared = pointingAtAPerson.filter((name) => !(name in PERSON_TABLES));
    expect(undeclared, `declare these in PERSON_TABLES (account-export.server.ts): ${undeclared.join(', ')}`).toEqual([]);
  });

  it('declares no table that does not point at a person', () => {
    const stale = Object.keys(PERSON_TABLES).filter((name) => !pointingAtAPerson.includes(name));
    expect(stale).toEqual([]);
  });

  it("gives every exported table's section in the file", async () => {
    const cookie = await signIn('user@example.com');
    const res = await handleAccountExport(new Request('http://localhost:3000/api/account/export.json', { headers: { cookie } }));
    expect(res.status).toBe(200);
    const file = (await res.json()) as Record<string, unknown>;
    for (const [table, entry] of Object.entries(PERSON_TABLES)) {
      if ('section' in entry) expect(Array.isArray(file[entry.section]), `${table} → ${entry.section}`).toBe(true);
    }
  });
});

// `ownedBy`: how the middleware finds a row's owner before the handler runs (docs/guides/permissions.md). On
// real tables: an API key's owner, and a webhook endpoint whose maker was deleted (its owner column set to null).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from './db/index.ts';
import { apikey, webhookEndpoint } from './db/schema.ts';
import { ownedBy } from './ownership.ts';

const keys = ownedBy(apikey.id, apikey.referenceId, 'account:apiKeys.notFound');
const endpoints = ownedBy(webhookEndpoint.id, webhookEndpoint.createdBy, 'webhooks:errors.notFound', 'endpointId');

beforeAll(async () => {
  const db = await database();
  await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    values ('owner-1', 'Owner One', 'owner-1@example.com', true, now(), now())`);
  await db.execute(sql`insert into api_key (id, name, key, reference_id, created_at, updated_at)
    values ('key-1', 'Script', 'HASH-1', 'owner-1', now(), now())`);
  await db.execute(sql`insert into webhook_endpoint (id, url, events, secret, created_by, created_at, updated_at)
    values ('endpoint-1', 'https://hooks.example.com/owned', '{member.added}', 'whsec_x', null, now(), now())`);
});

describe('ownedBy', () => {
  it("gives the row's owner, read from the input's id", async () => {
    expect(await keys.find(await database(), { id: 'key-1', name: 'ignored' })).toBe('owner-1');
  });

  it('gives undefined for a row that does not exist, or an input that names none', async () => {
    const db = await database();
    expect(await keys.find(db, { id: 'no-such-key' })).toBeUndefined();
    expect(await keys.find(db, { id: 42 })).toBeUndefined();
    expect(await keys.find(db, undefined)).toBeUndefined();
    expect(await keys.find(db, 'key-1')).toBeUndefined();
  });

  it('gives null for a row whose owner is gone, and reads the key it is told', async () => {
    const db = await database();
    expect(await endpoints.find(db, { endpointId: 'endpoint-1' })).toBeNull();
    expect(await endpoints.find(db, { id: 'endpoint-1' })).toBeUndefined();
  });
});

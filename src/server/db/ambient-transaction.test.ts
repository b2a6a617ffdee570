import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { afterCommit, ambient, inAmbientTransaction } from './ambient-transaction.ts';
import { database } from './index.ts';
import { emailQuota } from './schema.ts';

describe('ambient transaction: work after the commit', () => {
  it('runs after the call has committed, outside the transaction, before the caller goes on', async () => {
    const db = await database();
    const steps: string[] = [];
    let seenOutside = -1;
    const status = await inAmbientTransaction(
      db,
      async () => {
        await ambient(db).insert(emailQuota).values({ key: 'ambient-1', count: 1, windowStart: 0 });
        await afterCommit(async () => {
          // Outside the call's transaction: on the embedded database it would wait for it forever.
          seenOutside = (await db.select().from(emailQuota).where(eq(emailQuota.key, 'ambient-1'))).length;
          steps.push('e-mail sent');
        });
        steps.push('call answered');
        return 200;
      },
      (s) => s < 500,
    );
    steps.push('response sent');
    expect(status).toBe(200);
    expect(steps).toEqual(['call answered', 'e-mail sent', 'response sent']);
    expect(seenOutside).toBe(1);
  });

  it('never runs when the call rolls back, and at once outside a transaction', async () => {
    const db = await database();
    const steps: string[] = [];
    await inAmbientTransaction(
      db,
      async () => {
        await ambient(db).insert(emailQuota).values({ key: 'ambient-2', count: 1, windowStart: 0 });
        await afterCommit(async () => void steps.push('e-mail sent'));
        return 500;
      },
      (s) => s < 500,
    );
    expect(steps).toEqual([]);
    expect(await db.select().from(emailQuota).where(eq(emailQuota.key, 'ambient-2'))).toEqual([]);
    await afterCommit(async () => void steps.push('sent at once'));
    expect(steps).toEqual(['sent at once']);
  });
});

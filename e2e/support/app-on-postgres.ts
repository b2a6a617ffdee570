// Everything is torn down after `run`, whatever happens.
import pg from 'pg';
import { freshPostgres } from '../../tests/support/databases';
import { startApp, type AppServer } from './app-server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

export async function withAppOnPostgres(
  env: Record<string, string>,
  run: (setup: { app: AppServer; sink: SmtpSink; db: pg.Client }) => Promise<void>,
) {
  const database = await freshPostgres();
  const { seed } = await import('#/server/db/seed.ts');
  await database.handle.migrate();
  await seed(database.handle.db);
  const sink = await startSmtpSink();
  const app = await startApp({
    DATABASE_URL: database.url,
    AUTH_SECRET: 'e2e-postgres-secret-0123456789abcdef',
    EMAIL_SERVER: sink.url,
    ...env,
  });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    await run({ app, sink, db });
  } finally {
    await db.end();
    await app.stop();
    await sink.close();
    await database.drop();
  }
}
